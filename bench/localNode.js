// A real anvil for the chain benchmark, with Kassa's test tokens at the stand-in addresses.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { createPublicClient, createWalletClient, defineChain, http } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

const MNEMONIC = 'test test test test test test test test test test test junk';
const PLATFORM = { linux: 'linux', darwin: 'darwin', win32: 'win32' };
const ARCH = { x64: 'amd64', arm64: 'arm64' };

/** @param {number} index */
export const devAccount = (index) => mnemonicToAccount(MNEMONIC, { addressIndex: index });

/** The TestToken artifact (abi and bytecode) that scripts/build-contracts.js writes. */
export async function testToken() {
	const file = new URL('../src/lib/server/chain/contracts/TestToken.json', import.meta.url);
	return JSON.parse(await readFile(file, 'utf8'));
}

function anvilBinary() {
	const name = `@foundry-rs/anvil-${PLATFORM[process.platform] ?? process.platform}-${ARCH[process.arch] ?? process.arch}`;
	const dir = dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
	return join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

/** `count` consecutive ports, free right now, from a random start in 20000-29999. */
export async function freePorts(count) {
	for (let attempt = 0; attempt < 50; attempt++) {
		const start = 20_000 + Math.floor(Math.random() * 9_900);
		const free = await Promise.all(Array.from({ length: count }, (_, i) => isFree(start + i)));
		if (free.every(Boolean)) return Array.from({ length: count }, (_, i) => start + i);
	}
	throw new Error(`no ${count} consecutive free ports`);
}

/** @param {number} port */
function isFree(port) {
	return new Promise((resolve) => {
		const probe = createServer()
			.once('error', () => resolve(false))
			.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
	});
}

/**
 * Starts anvil (one block a second) and deploys USDC, USDT and EURC from development account 0 at
 * nonces 0-2, as Kassa's stand-ins have them, then gives account 1 a million USDC.
 * @param {{ chainId: number, port: number }} options
 */
export async function startNode({ chainId, port }) {
	const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)];
	const child = spawn(anvilBinary(), [...args, '--block-time', '1', '--quiet'], {
		stdio: 'ignore'
	});
	const url = `http://127.0.0.1:${port}`;
	const chain = defineChain({
		id: chainId,
		name: `bench ${chainId}`,
		nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
		rpcUrls: { default: { http: [url] } }
	});
	const client = createPublicClient({ chain, transport: http(url), cacheTime: 0 });
	const stop = () =>
		new Promise((resolve) => {
			if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
			child.once('exit', resolve);
			child.kill('SIGTERM');
		});
	for (let i = 0; ; i++) {
		try {
			await client.getChainId();
			break;
		} catch (error) {
			if (i > 300 || child.exitCode !== null)
				throw new Error(`anvil on ${url} did not start`, { cause: error });
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}
	const { abi, bytecode } = await testToken();
	const deployer = createWalletClient({ chain, account: devAccount(0), transport: http(url) });
	const hashes = [];
	for (const [nonce, symbol] of ['USDC', 'USDT', 'EURC'].entries())
		hashes.push(await deployer.deployContract({ abi, bytecode, args: [symbol, symbol, 6], nonce }));
	const receipts = await Promise.all(
		hashes.map((hash) => client.waitForTransactionReceipt({ hash }))
	);
	const usdc = /** @type {`0x${string}`} */ (receipts[0].contractAddress);
	const mint = await deployer.writeContract({
		address: usdc,
		abi,
		functionName: 'mint',
		args: [devAccount(1).address, 1_000_000n * 10n ** 6n]
	});
	await client.waitForTransactionReceipt({ hash: mint });
	return { url, chain, client, usdc, abi, stop };
}
