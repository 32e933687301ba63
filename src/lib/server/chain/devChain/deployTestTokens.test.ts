import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
	createPublicClient,
	createWalletClient,
	defineChain,
	http,
	type Address,
	type PublicClient
} from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { testTokenAbi, testTokenBytecode } from '../contracts/testToken';
import { deployTestTokens } from './deployTestTokens';
import { devAccount } from './devAccounts';
import { DEPLOYER, STAND_IN_TOKENS, standInTokenAddresses } from './standInTokenAddresses';
import { startAnvil, type Anvil } from './startAnvil';

// Ports 18520-18529 belong to this file (other chain test files use other slices of 18500-18599).
const PORT = 18520;
const GRANT = 1_000_000_000_000n;
const running: Anvil[] = [];
afterEach(async () => {
	await Promise.all(running.splice(0).map((node) => node.stop()));
});

async function chain(options: Partial<Parameters<typeof startAnvil>[0]> & { port: number }) {
	const node = await startAnvil({ chainId: 84532, ...options });
	running.push(node);
	return { node, client: createPublicClient({ transport: http(node.url), cacheTime: 0 }) };
}

/** Development account `index` on a local chain 84532 (the id these tests start anvil with). */
const walletFor = (url: string, index: number) =>
	createWalletClient({
		account: devAccount(index),
		transport: http(url),
		chain: defineChain({
			id: 84532,
			name: 'local',
			nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
			rpcUrls: { default: { http: [url] } }
		})
	});

const read = (client: PublicClient, address: Address) => ({
	balanceOf: (owner: Address) =>
		client.readContract({ address, abi: testTokenAbi, functionName: 'balanceOf', args: [owner] }),
	totalSupply: () =>
		client.readContract({ address, abi: testTokenAbi, functionName: 'totalSupply' })
});

async function expectFunded(client: PublicClient, tokens: Record<string, Address>) {
	for (const address of Object.values(tokens)) {
		const token = read(client, address);
		expect(await token.totalSupply()).toBe(10n * GRANT);
		for (let i = 0; i < 10; i++) expect(await token.balanceOf(devAccount(i).address)).toBe(GRANT);
	}
}

describe('standInTokenAddresses', () => {
	it('names the addresses account 0 creates at nonces 0, 1 and 2', () => {
		expect(standInTokenAddresses()).toEqual({
			USDC: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
			USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
			EURC: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
		});
	});
});

describe('deployTestTokens', () => {
	it('deploys USDC, USDT and EURC on a block-a-second chain and funds ten accounts', async () => {
		const { node, client } = await chain({ port: PORT, chainId: 11155111 });
		const tokens = await deployTestTokens(node.url, 11155111);
		expect(tokens).toEqual(standInTokenAddresses());
		expect(await client.getChainId()).toBe(11155111);
		const names = { USDC: 'USD Coin', USDT: 'Tether USD', EURC: 'EURC' };
		for (const symbol of STAND_IN_TOKENS) {
			const address = tokens[symbol];
			const call = <F extends 'name' | 'symbol' | 'decimals'>(functionName: F) =>
				client.readContract({ address, abi: testTokenAbi, functionName });
			expect(await call('name')).toBe(names[symbol]);
			expect(await call('symbol')).toBe(symbol);
			expect(await call('decimals')).toBe(6);
		}
		await expectFunded(client, tokens);
		expect(await client.getTransactionCount({ address: DEPLOYER })).toBe(33);

		await deployTestTokens(node.url, 11155111);
		expect(await client.getTransactionCount({ address: DEPLOYER, blockTag: 'pending' })).toBe(33);
	});

	it('leaves a chain kept in its state file as it was after a restart', async () => {
		const stateFile = join(await mkdtemp(join(tmpdir(), 'kassa-tokens-')), 'base.json');
		const first = await chain({ port: PORT + 1, blockTime: 0, stateFile });
		const tokens = await deployTestTokens(first.node.url, 84532);
		const payer = devAccount(1);
		const wallet = walletFor(first.node.url, 1);
		const hash = await wallet.writeContract({
			address: tokens.USDC,
			abi: testTokenAbi,
			functionName: 'transfer',
			args: [devAccount(2).address, 5_000_000n]
		});
		await first.client.waitForTransactionReceipt({ hash });
		await first.node.stop();

		const second = await chain({ port: PORT + 1, blockTime: 0, stateFile });
		expect(await deployTestTokens(second.node.url, 84532)).toEqual(tokens);
		expect(await second.client.getTransactionCount({ address: DEPLOYER })).toBe(33);
		const usdc = read(second.client, tokens.USDC);
		expect(await usdc.balanceOf(payer.address)).toBe(GRANT - 5_000_000n);
		expect(await usdc.balanceOf(devAccount(2).address)).toBe(GRANT + 5_000_000n);
	});

	it('completes a setup that was cut short', async () => {
		const { node, client } = await chain({ port: PORT + 2, blockTime: 0 });
		const wallet = walletFor(node.url, 0);
		const hash = await wallet.deployContract({
			abi: testTokenAbi,
			bytecode: testTokenBytecode,
			args: ['USD Coin', 'USDC', 6]
		});
		await client.waitForTransactionReceipt({ hash });
		await deployTestTokens(node.url, 84532);
		await expectFunded(client, standInTokenAddresses());
	});

	it('refuses a chain where account 0 did something else first', async () => {
		const { node, client } = await chain({ port: PORT + 3, blockTime: 0 });
		const wallet = walletFor(node.url, 0);
		const hash = await wallet.sendTransaction({ to: devAccount(1).address, value: 1n });
		await client.waitForTransactionReceipt({ hash });
		await expect(deployTestTokens(node.url, 84532)).rejects.toThrow(/Not a fresh local test chain/);
	});

	it('lets only the deployer mint', async () => {
		const { node } = await chain({ port: PORT + 4, blockTime: 0 });
		const tokens = await deployTestTokens(node.url, 84532);
		const stranger = walletFor(node.url, 1);
		await expect(
			stranger.writeContract({
				address: tokens.EURC,
				abi: testTokenAbi,
				functionName: 'mint',
				args: [devAccount(1).address, 1n]
			})
		).rejects.toThrow(/only the deployer mints/);
	});
});
