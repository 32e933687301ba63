import { listAccounts } from '../accounts/repo';
import { createCheckoutSession } from '../checkout/createCheckoutSession';
import { sessionToken } from '../checkout/sessionToken';
import { runCli } from '../cli/runCli';
import { fastIntentStatus } from '../http/fastIntentStatus';
import { formatTokenAmount } from '../money/decimal';
import { selectToken } from '../intents/selectToken';
import { firstRun } from './firstRun';
import type { KassaHost } from './host';
import type { Kassa } from './Kassa';

export function createHost(kassa: Kassa): KassaHost {
	return {
		kassa,
		runCli: (argv) =>
			runCli(kassa, argv, {
				out: (line) => void process.stdout.write(`${line}\n`),
				err: (line) => void process.stderr.write(`${line}\n`)
			}),
		firstRun: () => firstRun(kassa),
		demoPayment: async () => {
			const account = (await listAccounts(kassa.db))[0];
			if (!account) throw new Error('No account yet: start Kassa once first');
			const principal = { accountId: account.id, mode: 'test' as const, livemode: false };
			const session = await createCheckoutSession(kassa, principal, {
				success_url: 'https://shop.example/ok',
				cancel_url: 'https://shop.example/cancel',
				currency: 'USD',
				line_items: [{ unit_amount: '20.00', quantity: 1, product_data: { name: 'Demo' } }]
			});
			const token = session.supported_tokens[0]!;
			const intent = await selectToken(kassa, {
				sessionId: session.id,
				csrfToken: session.csrf_token,
				chain: token.chain,
				currency: token.currency
			});
			return {
				sessionId: session.id,
				intentId: intent.id,
				credential: sessionToken(kassa.secrets, session.id),
				address: intent.address,
				tokenAddress: intent.tokenAddress,
				amount: formatTokenAmount(intent.amount, intent.decimals)
			};
		},
		// The intent status endpoint, polled by every open checkout, bypasses SvelteKit.
		fastPath: (req, res) => fastIntentStatus(kassa, req, res)
	};
}
