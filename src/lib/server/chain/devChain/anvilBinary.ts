import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The anvil binary shipped inside the npm platform package (no download, no npx). */
export function anvilBinary(): string {
	const platform = { linux: 'linux', darwin: 'darwin', win32: 'win32' }[process.platform as string];
	const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string];
	const name = `@foundry-rs/anvil-${platform}-${arch}`;
	try {
		const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
		const binary = join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
		if (existsSync(binary)) return binary;
	} catch {
		// Fall through to the clear message.
	}
	throw new Error(`The local test chain needs ${name} (installed with @foundry-rs/anvil); run npm install.`);
}
