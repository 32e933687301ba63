// Prints the closing line CI reads ("N passed, N failed") from vitest's JSON report.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
	report = JSON.parse(readFileSync(file, 'utf8'));
} catch {
	console.log(`Tests: 0 passed, 1 failed (no report at ${file})`);
	process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
const skipped = report.numPendingTests ?? 0;
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
