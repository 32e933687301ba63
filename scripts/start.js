import { ensureBuild } from './ensureBuild.js';
import { failAtStart, serve } from './serve.js';

// `npm start`: build when needed, then serve. `--no-build` (tests) only checks that a build exists.
const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--no-build');
if (unknown.length > 0) {
	process.stderr.write(
		`Unknown argument ${unknown[0]}: Kassa is configured through environment variables (PORT, HOST, …).\n`
	);
	process.exit(2);
}
try {
	ensureBuild({ skip: args.includes('--no-build') });
	await serve();
} catch (error) {
	failAtStart(error);
}
