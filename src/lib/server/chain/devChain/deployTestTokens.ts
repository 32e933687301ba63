import { createPublicClient, createWalletClient, http, type Chain } from 'viem';
import { testTokenAbi, testTokenBytecode } from '../contracts/testToken';
import { devAccount } from './devAccounts';
import { STAND_IN_TOKENS, standInTokenAddresses } from './standInTokenAddresses';

const NAMES = { USDC: 'USD Coin', USDT: 'Tether USD', EURC: 'EURC' } as const;
/** One million tokens (6 decimals) for each of the first ten development accounts. */
const GRANT = 1_000_000n * 10n ** 6n;

/**
 * Deploys Kassa's test tokens on a fresh stand-in chain from development account 0 at nonces 0–2
 * (so their addresses are known up front) and funds the payers; does nothing where they exist.
 */
export async function deployTestTokens(
	url: string,
	chainId: number
): Promise<Record<string, `0x${string}`>> {
	const chain = {
		id: chainId,
		name: `stand-in ${chainId}`,
		nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
		rpcUrls: { default: { http: [url] } }
	} satisfies Chain;
	const publicClient = createPublicClient({
		chain,
		transport: http(url),
		cacheTime: 0,
		pollingInterval: 50
	});
	const deployer = devAccount(0);
	const wallet = createWalletClient({ chain, account: deployer, transport: http(url) });
	const addresses = standInTokenAddresses();
	if (await publicClient.getCode({ address: addresses.USDC })) return addresses;
	const deployments: `0x${string}`[] = [];
	for (const [nonce, symbol] of STAND_IN_TOKENS.entries()) {
		deployments.push(
			await wallet.deployContract({
				abi: testTokenAbi,
				bytecode: testTokenBytecode,
				args: [NAMES[symbol], symbol, 6],
				nonce
			})
		);
	}
	await Promise.all(deployments.map((hash) => publicClient.waitForTransactionReceipt({ hash })));
	let nonce = STAND_IN_TOKENS.length;
	const mints: `0x${string}`[] = [];
	for (const symbol of STAND_IN_TOKENS) {
		for (let i = 0; i < 10; i++) {
			mints.push(
				await wallet.writeContract({
					address: addresses[symbol],
					abi: testTokenAbi,
					functionName: 'mint',
					args: [devAccount(i).address, GRANT],
					nonce: nonce++
				})
			);
		}
	}
	await Promise.all(mints.map((hash) => publicClient.waitForTransactionReceipt({ hash })));
	return addresses;
}
