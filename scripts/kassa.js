import { ensureBuild } from './ensureBuild.js';
import { failAtStart, loadApp } from './serve.js';

// `npm run kassa -- <command>`: the same bundle as the server, in a role that starts no background work.
process.env.KASSA_ROLE = 'cli';
const args = process.argv.slice(2);
const skipBuild = args[0] === '--no-build';
if (skipBuild) args.shift();

let app;
try {
	ensureBuild({ skip: skipBuild, toStderr: true });
	app = await loadApp();
} catch (error) {
	failAtStart(error);
}
let code = 1;
try {
	code = await app.host.runCli(args);
} catch (error) {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`
	);
} finally {
	await app.host.kassa.close();
}
process.exit(code);
