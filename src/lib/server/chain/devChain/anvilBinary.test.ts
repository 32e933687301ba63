import { execFileSync } from 'node:child_process';
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anvilBinary } from './anvilBinary';

describe('anvilBinary', () => {
	it('finds the runnable binary of the platform package', () => {
		const binary = anvilBinary();
		expect(isAbsolute(binary)).toBe(true);
		expect(execFileSync(binary, ['--version'], { encoding: 'utf8' })).toMatch(/^anvil Version: \d/);
	});
});
