import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, http } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { checkGenesis } from './checkGenesis';
import { startAnvil, type Anvil } from './startAnvil';

// Ports 18530-18539 belong to this file (other chain test files use other slices of 18500-18599).
const PORT = 18530;
const running: Anvil[] = [];
afterEach(async () => {
	await Promise.all(running.splice(0).map((node) => node.stop()));
});

async function client(options: Parameters<typeof startAnvil>[0]) {
	const node = await startAnvil(options);
	running.push(node);
	return { node, client: createPublicClient({ transport: http(node.url), cacheTime: 0 }) };
}

describe('checkGenesis', () => {
	it('reports the genesis hash and matches it, and nothing recorded yet, on the same chain', async () => {
		const dir = await mkdtemp(join(tmpdir(), 'kassa-genesis-'));
		const stateFile = join(dir, 'base.json');
		const first = await client({ chainId: 84532, port: PORT, stateFile });
		const { hash, matches } = await checkGenesis(first.client, null);
		expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
		expect(matches).toBe(true);
		expect(await checkGenesis(first.client, hash.toUpperCase().replace('0X', '0x'))).toEqual({
			hash,
			matches: true
		});
		await first.node.stop();

		const again = await client({ chainId: 84532, port: PORT, stateFile });
		expect(await checkGenesis(again.client, hash)).toEqual({ hash, matches: true });
	});

	it('detects another chain behind the same url: a stand-in started afresh', async () => {
		const first = await client({ chainId: 84532, port: PORT + 1 });
		const recorded = (await checkGenesis(first.client, null)).hash;
		await first.node.stop();
		// Anvil's genesis depends on its start second (not on the chain id): start in a later second.
		await new Promise((resolve) => setTimeout(resolve, 1_100));

		const fresh = await client({ chainId: 84532, port: PORT + 1 });
		const result = await checkGenesis(fresh.client, recorded);
		expect(result.matches).toBe(false);
		expect(result.hash).not.toBe(recorded);
	});
});
