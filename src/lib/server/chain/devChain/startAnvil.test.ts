import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, http } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from './startAnvil';

// Ports 18510-18519 belong to this file (other chain test files use other slices of 18500-18599).
const PORT = 18510;
const running: Anvil[] = [];
afterEach(async () => {
	await Promise.all(running.splice(0).map((node) => node.stop()));
});

async function start(options: Parameters<typeof startAnvil>[0]): Promise<Anvil> {
	const node = await startAnvil(options);
	running.push(node);
	return node;
}

const clientFor = (url: string) => createPublicClient({ transport: http(url), cacheTime: 0 });
/** Running, not merely a zombie nobody reaped (a container's pid 1 may not reap orphans). */
const alive = (pid: number) => {
	try {
		process.kill(pid, 0);
	} catch {
		return false;
	}
	const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
	return !/^\d+ \(.*\) Z/.test(stat);
};

describe('startAnvil', () => {
	it('runs a node with the chain id asked for, mining a block a second, and stops it', async () => {
		const node = await start({ chainId: 84532, port: PORT });
		const client = clientFor(node.url);
		expect(node.url).toBe(`http://127.0.0.1:${PORT}`);
		expect(await client.getChainId()).toBe(84532);
		const first = await client.getBlockNumber();
		await new Promise((resolve) => setTimeout(resolve, 2_200));
		expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(first + 2n);
		await node.stop();
		expect(alive(node.pid)).toBe(false);
		await node.stop();
	});

	it('refuses a port already taken, saying so', async () => {
		const blocker = createServer();
		await new Promise<void>((resolve) => blocker.listen(PORT + 1, '127.0.0.1', resolve));
		try {
			await expect(startAnvil({ chainId: 1337, port: PORT + 1 })).rejects.toThrow(/already in use/);
		} finally {
			await new Promise((resolve) => blocker.close(resolve));
		}
		const first = await start({ chainId: 1337, port: PORT + 1 });
		await expect(startAnvil({ chainId: 1337, port: PORT + 1 })).rejects.toThrow(/already in use/);
		expect(await clientFor(first.url).getChainId()).toBe(1337);
	});

	it('keeps the chain in its state file across a stop and a start', async () => {
		const stateFile = join(await mkdtemp(join(tmpdir(), 'kassa-anvil-')), 'chains', 'base.json');
		const node = await start({ chainId: 84532, port: PORT + 2, blockTime: 0, stateFile });
		const client = clientFor(node.url);
		await client.request({ method: 'anvil_mine' as never, params: ['0x7'] as never });
		const genesis = (await client.getBlock({ blockNumber: 0n })).hash;
		await node.stop();

		const again = await start({ chainId: 84532, port: PORT + 2, blockTime: 0, stateFile });
		const reopened = clientFor(again.url);
		expect((await reopened.getBlock({ blockNumber: 0n })).hash).toBe(genesis);
		expect(await reopened.getBlockNumber()).toBe(7n);
	});

	it('keeps what was written before a hard kill of the node', async () => {
		const stateFile = join(await mkdtemp(join(tmpdir(), 'kassa-anvil-')), 'base.json');
		const node = await start({ chainId: 84532, port: PORT + 3, stateFile });
		const genesis = (await clientFor(node.url).getBlock({ blockNumber: 0n })).hash;
		await new Promise((resolve) => setTimeout(resolve, 6_000));
		node.kill();
		await new Promise((resolve) => setTimeout(resolve, 300));

		const again = await start({ chainId: 84532, port: PORT + 3, stateFile });
		const client = clientFor(again.url);
		expect((await client.getBlock({ blockNumber: 0n })).hash).toBe(genesis);
		expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(4n);
	}, 20_000);

	it('says so when its state file is damaged, with what anvil said', async () => {
		const stateFile = join(await mkdtemp(join(tmpdir(), 'kassa-anvil-')), 'base.json');
		await writeFile(stateFile, '{"block":{"number":');
		await expect(startAnvil({ chainId: 84532, port: PORT + 5, stateFile })).rejects.toThrow(
			/could not load its saved chain state from .*base\.json[^]*anvil said: .*parse json/
		);
	});

	it('ends the node when the process that started it exits', async () => {
		const child = spawn(
			process.execPath,
			['--import', RESOLVE_TS, '--input-type=module', '-e', script(PORT + 4)],
			{
				stdio: ['ignore', 'pipe', 'inherit']
			}
		);
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		await new Promise((resolve) => child.once('close', resolve));
		const pid = Number(output.trim());
		expect(pid).toBeGreaterThan(0);
		for (let i = 0; i < 50 && alive(pid); i++)
			await new Promise((resolve) => setTimeout(resolve, 100));
		expect(alive(pid)).toBe(false);
	});
});

// Lets a plain Node child import the extensionless TypeScript modules of src/ (Node strips types).
const RESOLVE_TS = `data:text/javascript,${encodeURIComponent(
	"import { registerHooks } from 'node:module'; registerHooks({ resolve: (s, c, next) => { try { return next(s, c); } catch (e) { if (s.startsWith('.')) return next(s + '.ts', c); throw e; } } });"
)}`;

function script(port: number): string {
	const module = fileURLToPath(new URL('./startAnvil.ts', import.meta.url));
	return `const { startAnvil } = await import(${JSON.stringify(module)}); const node = await startAnvil({ chainId: 31337, port: ${port} }); console.log(node.pid); process.exit(0);`;
}
