import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, createTestClient, createWalletClient, defineChain, http } from 'viem';
import { testTokenAbi } from '../../src/lib/server/chain/contracts/testToken';
import { deployTestTokens } from '../../src/lib/server/chain/devChain/deployTestTokens';
import { devAccount } from '../../src/lib/server/chain/devChain/devAccounts';
import { startAnvil } from '../../src/lib/server/chain/devChain/startAnvil';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const BASE_SEPOLIA = 84532;

async function isFree(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const probe = createServer()
			.once('error', () => resolve(false))
			.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
	});
}

/** A free port in [from, from + span) such that `port + extra` ports after it are free too. */
export async function freePorts(from: number, span: number, extra = 0): Promise<number> {
	const offset = Math.floor(Math.random() * span);
	for (let i = 0; i < span; i++) {
		const port = from + ((offset + i) % span);
		const all = await Promise.all(Array.from({ length: extra + 1 }, (_, k) => isFree(port + k)));
		if (all.every(Boolean)) return port;
	}
	throw new Error(`no free port in ${from}-${from + span}`);
}

/**
 * The built app as `npm start` runs it (a child process), on a real local chain: anvil as the
 * Base Sepolia stand-in with Kassa's test tokens, and a known test key.
 */
export async function startCheckoutStack() {
	if (!existsSync(join(root, 'build', 'handler.js')))
		throw new Error('build/handler.js is missing: run `npm run build` first.');
	const chainPort = await freePorts(19_000, 900, 1);
	const anvil = await startAnvil({ chainId: BASE_SEPOLIA, port: chainPort + 1, blockTime: 1 });
	const tokens = await deployTestTokens(anvil.url, BASE_SEPOLIA);
	const port = await freePorts(3200, 100);
	const dataDir = await mkdtemp(join(tmpdir(), 'kassa-checkout-'));
	const key = `sk_test_${randomBytes(24).toString('hex')}`;
	const base = `http://127.0.0.1:${port}`;
	const child: ChildProcess = spawn(process.execPath, ['scripts/start.js', '--no-build'], {
		cwd: root,
		env: {
			PATH: process.env.PATH ?? '',
			HOME: process.env.HOME ?? '',
			KASSA_DATA_DIR: dataDir,
			PORT: String(port),
			HOST: '127.0.0.1',
			PUBLIC_BASE_URL: base,
			NODE_ENV: 'development',
			LOG_LEVEL: 'warn',
			KASSA_DEV_CHAINS: 'external',
			KASSA_DEV_CHAIN_PORT: String(chainPort),
			KASSA_BOOTSTRAP_KEY: key
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let output = '';
	child.stdout!.on('data', (chunk) => (output += chunk));
	child.stderr!.on('data', (chunk) => (output += chunk));
	await new Promise<void>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`Kassa did not start:\n${output}`)), 60_000);
		child.stdout!.on('data', () => {
			if (output.includes('Kassa is listening')) {
				clearTimeout(timer);
				resolve();
			}
		});
		child.once('exit', (code) => reject(new Error(`Kassa exited with ${code}:\n${output}`)));
	});

	const chain = defineChain({
		id: BASE_SEPOLIA,
		name: 'Base Sepolia stand-in',
		nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
		rpcUrls: { default: { http: [anvil.url] } }
	});
	const transport = http(anvil.url);
	const publicClient = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 100 });
	const testClient = createTestClient({ chain, mode: 'anvil', transport });

	return {
		base,
		key,
		anvilUrl: anvil.url,
		tokens,
		publicClient,
		output: () => output,
		/**
		 * Sends `amount` base units of USDC from development account `from` and waits for its block.
		 * `hold`: mining stops first and exactly one block is mined, so the payment stays at one
		 * confirmation until `setMining(1)`.
		 */
		async pay(to: string, amount: bigint, options: { from?: number; hold?: boolean } = {}) {
			const wallet = createWalletClient({
				chain,
				account: devAccount(options.from ?? 3),
				transport
			});
			if (options.hold) await testClient.setIntervalMining({ interval: 0 });
			const hash = await wallet.writeContract({
				address: tokens.USDC,
				abi: testTokenAbi,
				functionName: 'transfer',
				args: [to as `0x${string}`, amount]
			});
			if (options.hold) await testClient.mine({ blocks: 1 });
			await publicClient.waitForTransactionReceipt({ hash });
			return hash;
		},
		/** Stops (0) or restarts interval mining, so a test can hold a payment at one confirmation. */
		setMining: (seconds: number) => testClient.setIntervalMining({ interval: seconds }),
		mine: (blocks = 1) => testClient.mine({ blocks }),
		api: async (path: string, body?: unknown) => {
			const response = await fetch(`${base}${path}`, {
				method: body === undefined ? 'GET' : 'POST',
				headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body)
			});
			return { status: response.status, json: await response.json() };
		},
		async stop() {
			if (child.exitCode === null && child.signalCode === null) {
				const exited = new Promise((resolve) => child.once('exit', resolve));
				child.kill('SIGTERM');
				await exited;
			}
			await anvil.stop();
			await rm(dataDir, { recursive: true, force: true });
		}
	};
}

export type CheckoutStack = Awaited<ReturnType<typeof startCheckoutStack>>;

/** A session paying `amount` USD in base USDC or USDT, sending the shopper to shop.example afterwards. */
export async function createSession(stack: CheckoutStack, amount = '20.00', extra = {}) {
	const { status, json } = await stack.api('/api/v1/checkout_sessions', {
		success_url: 'https://shop.example/success?session={CHECKOUT_SESSION_ID}',
		cancel_url: 'https://shop.example/cancel',
		currency: 'usd',
		line_items: [
			{
				unit_amount: amount,
				quantity: 1,
				product_data: {
					name: 'Organic T-shirt',
					description: 'Cotton, size M',
					images: [`${stack.base}/logos/tokens/usdc.svg`]
				}
			}
		],
		supported_tokens: [
			{ chain: 'base', currency: 'USDC' },
			{ chain: 'base', currency: 'USDT' }
		],
		...extra
	});
	if (status !== 200) throw new Error(`session not created: ${JSON.stringify(json)}`);
	return json as { id: string; url: string; csrf_token: string };
}
