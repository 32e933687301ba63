import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PLATFORMS: Partial<Record<NodeJS.Platform, string>> = {
	linux: 'linux',
	darwin: 'darwin',
	win32: 'win32'
};
const ARCHS: Partial<Record<string, string>> = { x64: 'amd64', arm64: 'arm64' };

/** The anvil binary inside @foundry-rs/anvil's platform package: spawned directly, never via npx. */
export function anvilBinary(): string {
	const name = `@foundry-rs/anvil-${PLATFORMS[process.platform] ?? process.platform}-${ARCHS[process.arch] ?? process.arch}`;
	const file = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
	let binary: string;
	try {
		binary = join(
			dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)),
			'bin',
			file
		);
		accessSync(binary, constants.X_OK);
	} catch (cause) {
		throw new Error(
			`Kassa's local test chains need the anvil binary from ${name}, which is not installed here ` +
				`(it comes with the @foundry-rs/anvil dependency: run npm install; supported: linux and ` +
				`darwin on x64/arm64, win32 on x64).`,
			{ cause }
		);
	}
	return binary;
}
