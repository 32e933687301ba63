import {
	createPublicClient,
	createWalletClient,
	defineChain,
	http,
	type Address,
	type Hash
} from 'viem';
import { testTokenAbi, testTokenBytecode } from '../contracts/testToken';
import { devAccount } from './devAccounts';
import {
	DEPLOYER,
	STAND_IN_TOKENS,
	standInTokenAddresses,
	type StandInToken
} from './standInTokenAddresses';

const NAMES: Record<StandInToken, string> = { USDC: 'USD Coin', USDT: 'Tether USD', EURC: 'EURC' };
const DECIMALS = 6;
const FUNDED_ACCOUNTS = 10;
/** One million tokens in base units (6 decimals) per token and funded development account. */
const GRANT = 1_000_000n * 10n ** BigInt(DECIMALS);
// Fixed so mints can go out before their token's deployment is mined (estimation would see no code).
const MINT_GAS = 100_000n;

/**
 * Deploys Kassa's test tokens on a stand-in chain from development account 0 at nonces 0–2, then
 * funds the first ten development accounts (nonces 3–32). Every step has a fixed nonce, so the
 * account's nonce says how far an earlier run got: a chain kept across restarts is left alone,
 * one cut short is completed.
 */
export async function deployTestTokens(
	url: string,
	chainId: number
): Promise<Record<StandInToken, Address>> {
	const chain = defineChain({
		id: chainId,
		name: `Local test chain ${chainId}`,
		nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
		rpcUrls: { default: { http: [url] } }
	});
	const client = createPublicClient({
		chain,
		transport: http(url),
		cacheTime: 0,
		pollingInterval: 100
	});
	const wallet = createWalletClient({ chain, account: devAccount(0), transport: http(url) });
	const addresses = standInTokenAddresses();
	const steps = STAND_IN_TOKENS.length * (1 + FUNDED_ACCOUNTS);
	const done = await client.getTransactionCount({ address: DEPLOYER, blockTag: 'pending' });
	for (const [nonce, symbol] of STAND_IN_TOKENS.entries()) {
		if (nonce < done && !(await client.getCode({ address: addresses[symbol] }))) {
			throw new Error(
				`Not a fresh local test chain (${url}): development account 0 has sent ${done} ` +
					`transactions, yet no ${symbol} test token is at ${addresses[symbol]}.`
			);
		}
	}

	const hashes: Hash[] = [];
	for (let nonce = done; nonce < steps; nonce++) {
		const symbol = STAND_IN_TOKENS[nonce];
		if (symbol) {
			const args = [NAMES[symbol], symbol, DECIMALS] as const;
			hashes.push(
				await wallet.deployContract({ abi: testTokenAbi, bytecode: testTokenBytecode, args, nonce })
			);
			continue;
		}
		const grant = nonce - STAND_IN_TOKENS.length;
		const token = STAND_IN_TOKENS[Math.floor(grant / FUNDED_ACCOUNTS)]!;
		const to = devAccount(grant % FUNDED_ACCOUNTS).address;
		hashes.push(
			await wallet.writeContract({
				address: addresses[token],
				abi: testTokenAbi,
				functionName: 'mint',
				args: [to, GRANT],
				nonce,
				gas: MINT_GAS
			})
		);
	}
	// Anvil's mining is asynchronous (and interval mining waits for the next block): wait for receipts.
	const receipts = await Promise.all(
		hashes.map((hash) => client.waitForTransactionReceipt({ hash, timeout: 30_000 }))
	);
	const failed = receipts.find((receipt) => receipt.status !== 'success');
	if (failed)
		throw new Error(`Setting up the test tokens failed in transaction ${failed.transactionHash}`);
	return addresses;
}
