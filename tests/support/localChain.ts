import { createPublicClient, createTestClient, createWalletClient, http, type Chain } from 'viem';
import { testTokenAbi } from '../../src/lib/server/chain/contracts/testToken';
import { devAccount } from '../../src/lib/server/chain/devChain/devAccounts';
import { deployTestTokens } from '../../src/lib/server/chain/devChain/deployTestTokens';
import { startAnvil, type Anvil } from '../../src/lib/server/chain/devChain/startAnvil';

/** A real anvil node owned by one test file, with Kassa's tokens deployed and helpers to pay. */
export async function localChain(port: number, chainId = 84532) {
	const anvil: Anvil = await startAnvil({ chainId, port, blockTime: 0 });
	const tokens = await deployTestTokens(anvil.url, chainId);
	const chain = {
		id: chainId,
		name: 'local',
		nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
		rpcUrls: { default: { http: [anvil.url] } }
	} satisfies Chain;
	const publicClient = createPublicClient({
		chain,
		transport: http(anvil.url),
		cacheTime: 0,
		pollingInterval: 50
	});
	const testClient = createTestClient({ chain, mode: 'anvil', transport: http(anvil.url) });
	return {
		anvil,
		url: anvil.url,
		tokens,
		publicClient,
		testClient,
		/** Sends `amount` base units of `token` from development account `from` and waits for the block. */
		async pay(token: keyof typeof tokens, to: string, amount: bigint, from = 1) {
			const wallet = createWalletClient({
				chain,
				account: devAccount(from),
				transport: http(anvil.url)
			});
			const hash = await wallet.writeContract({
				address: tokens[token]!,
				abi: testTokenAbi,
				functionName: 'transfer',
				args: [to as `0x${string}`, amount]
			});
			await publicClient.waitForTransactionReceipt({ hash });
			return hash;
		},
		mine: (blocks = 1) => testClient.mine({ blocks }),
		stop: () => anvil.stop()
	};
}
