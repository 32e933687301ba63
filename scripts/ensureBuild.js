import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const INPUTS = ['src', 'static', 'svelte.config.js', 'vite.config.ts', 'package.json'];
// Tests are not part of the bundle; editing one should not cost a rebuild.
const NOT_BUILT = /\.(test|spec)\.[jt]s$/;

export class BuildError extends Error {
	/** @override */
	name = 'BuildError';
}

/**
 * Why `build/` must be (re)built: it is missing, or an input changed after it; null when fresh.
 * @param {string} [root]
 * @returns {string | null}
 */
export function staleReason(root = ROOT) {
	const handler = join(root, 'build', 'handler.js');
	if (!existsSync(handler)) return 'build/handler.js is missing';
	const builtAt = statSync(handler).mtimeMs;
	const changed = INPUTS.map((input) => newerThan(join(root, input), builtAt)).find(Boolean);
	return changed ? `${relative(root, changed)} changed since the last build` : null;
}

/**
 * @param {string} path
 * @param {number} time
 * @returns {string | undefined} the first file under `path` modified after `time`
 */
function newerThan(path, time) {
	if (!existsSync(path)) return undefined;
	const stat = statSync(path);
	if (!stat.isDirectory()) return stat.mtimeMs > time && !NOT_BUILT.test(path) ? path : undefined;
	for (const entry of readdirSync(path)) {
		const found = newerThan(join(path, entry), time);
		if (found) return found;
	}
	return undefined;
}

/**
 * Runs `vite build` when the build is missing or stale. `skip` only checks that a build exists;
 * `toStderr` keeps the build's chatter off stdout (the CLI's stdout is meant to be captured).
 * @param {{ skip?: boolean, toStderr?: boolean, root?: string }} [options]
 */
export function ensureBuild({ skip = false, toStderr = false, root = ROOT } = {}) {
	const reason = staleReason(root);
	if (!reason) return;
	if (skip) {
		if (!existsSync(join(root, 'build', 'handler.js'))) {
			throw new BuildError('build/handler.js is missing: run `npm run build` first.');
		}
		return;
	}
	const out = toStderr ? process.stderr : process.stdout;
	out.write(`Building Kassa (${reason})…\n`);
	const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
	const result = spawnSync(process.execPath, [vite, 'build'], {
		cwd: root,
		stdio: ['ignore', toStderr ? 2 : 1, 2]
	});
	if (result.status !== 0) {
		const how =
			result.error?.message ??
			(result.signal ? `killed by ${result.signal}` : `exit code ${result.status}`);
		throw new BuildError(`The build failed (${how}); see the output above.`);
	}
}
