import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchant } from '../../../../tests/support/merchant';
import { testKassa } from '../../../../tests/support/testKassa';
import { updateAccount } from '../accounts/repo';
import { selectToken } from '../intents/selectToken';
import type { Kassa } from '../runtime/Kassa';
import { createCheckoutSession } from './createCheckoutSession';
import { findSessionForPage } from './findSessionForPage';
import { pageView } from './pageView';
import { CreateCheckoutSessionInput } from './schemas';

let kassa: Kassa;
let accountId: string;
beforeAll(async () => {
	kassa = await testKassa();
	accountId = (await merchant(kassa, 'Internal name')).accountId;
});
afterAll(() => kassa?.close());

async function session(extra: Record<string, unknown> = {}) {
	const principal = { accountId, mode: 'test' as const, livemode: false };
	const input = CreateCheckoutSessionInput.parse({
		success_url: 'https://shop.example/ok?id={CHECKOUT_SESSION_ID}',
		cancel_url: 'https://shop.example/no',
		currency: 'eur',
		line_items: [
			{
				unit_amount: '10.00',
				quantity: 2,
				product_data: { name: 'Mug', images: ['https://cdn.example/mug.png'] }
			}
		],
		discounts: [{ name: 'Welcome', amount_off: '2.50' }, { percent_off: 10 }],
		...extra
	});
	const created = await createCheckoutSession(kassa, principal, input);
	return (await findSessionForPage(kassa.db, created.id))!;
}

describe('pageView', () => {
	it('shows the order in the shopper’s language and the tokens grouped by network', async () => {
		const row = await session();
		const view = await pageView(kassa, row, { locale: 'de', choose: false });
		const plain = (text: string) => text.replace(/\s/g, ' ');
		expect(plain(view.items[0]!.amount)).toBe('20,00 €');
		expect(view.items[0]!.image).toBe('https://cdn.example/mug.png');
		expect(plain(view.subtotal)).toBe('20,00 €');
		expect(view.discounts.map((d) => [d.name, plain(d.amount)])).toEqual([
			['Welcome', '-2,50 €'],
			[null, '-1,75 €']
		]);
		expect(plain(view.total)).toBe('15,75 €');
		expect(view.networks.map((n) => [n.name, n.tokens.map((t) => t.value)])).toEqual([
			['Sepolia (local test chain)', ['ethereum:EURC']],
			['Base Sepolia (local test chain)', ['base:EURC']]
		]);
		expect(view).toMatchObject({ choosing: true, payment: null, state: 'open', testMode: true });
		expect(view.successUrl).toBe(`https://shop.example/ok?id=${row.id}`);
	});

	it('uses the account’s display name and only safe branding values', async () => {
		await updateAccount(kassa.db, accountId, {
			displayName: 'Acme Coffee',
			logoUrl: 'javascript:alert(1)',
			accentColor: 'red;background:url(x)'
		});
		const view = await pageView(kassa, await session(), { locale: 'en', choose: false });
		expect(view.merchant).toEqual({
			name: 'Acme Coffee',
			logoUrl: null,
			accent: null,
			email: null
		});
		await updateAccount(kassa.db, accountId, {
			logoUrl: 'https://cdn.example/logo.svg',
			accentColor: '#12AB9f',
			supportEmail: 'help@acme.example'
		});
		const again = await pageView(kassa, await session(), { locale: 'en', choose: false });
		expect(again.merchant).toEqual({
			name: 'Acme Coffee',
			logoUrl: 'https://cdn.example/logo.svg',
			accent: '#12AB9f',
			email: 'help@acme.example'
		});
	});

	it('after a token is chosen: exact amount, checksummed address, EIP-681 URI and QR', async () => {
		const row = await session();
		await selectToken(kassa, {
			sessionId: row.id,
			csrfToken: row.csrfToken,
			chain: 'base',
			currency: 'EURC'
		});
		const chosen = (await findSessionForPage(kassa.db, row.id))!;
		const view = await pageView(kassa, chosen, { locale: 'en', choose: true });
		const payment = view.payment!;
		expect(payment).toMatchObject({
			due: '15.75',
			dueUnits: '15750000',
			currency: 'EURC',
			networkName: 'Base Sepolia (local test chain)',
			chainId: 84532,
			standIn: true,
			explorerUrl: '',
			changeable: true
		});
		expect(payment.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
		expect(payment.address).not.toBe(payment.address.toLowerCase());
		expect(payment.uri).toBe(
			`ethereum:${payment.tokenAddress}@84532/transfer?address=${payment.address}&uint256=15750000`
		);
		expect(payment.qrSvg).toMatch(/^<svg aria-hidden="true"/);
		expect(payment.credential.startsWith(`${row.id}.`)).toBe(true);
		expect(view.choosing).toBe(true);
		expect(JSON.stringify(view)).not.toMatch(/acct_|Internal name/);
	});
});
