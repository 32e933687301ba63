import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient } from '../../src/lib/server/chain/watcher/createChainClient';
import {
	startChainWatcher,
	type ChainWatcher
} from '../../src/lib/server/chain/watcher/startChainWatcher';
import { queryRows } from '../../src/lib/server/db/queryRows';
import { getPaymentIntent } from '../../src/lib/server/intents/getPaymentIntent';
import { startEmailDelivery } from '../../src/lib/server/requests/deliveries/startEmailDelivery';
import { issueRequestAddress } from '../../src/lib/server/requests/issueRequestAddress';
import { requestPageView } from '../../src/lib/server/requests/page/requestPageView';
import {
	PaymentAllocationObject,
	PaymentRequestTimelineEntryObject
} from '../../src/lib/server/requests/objectSchemas';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import { requestApi, wholeTimeline } from '../requests/requestApi';
import { smtpInbox } from '../requests/smtpInbox';
import { localChain } from '../support/localChain';
import { merchant } from '../support/merchant';
import { testDatabaseUrl, testKassa } from '../support/testKassa';

const PORT = 18_900 + (testDatabaseUrl ? 25 : 0);
let chain: Awaited<ReturnType<typeof localChain>>;
let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let kassa: Kassa;
let shop: Awaited<ReturnType<typeof merchant>>;
let watcher: ChainWatcher;
const api = requestApi(() => shop.testKey);
const principal = () => ({ accountId: shop.accountId, mode: 'test' as const, livemode: false });

beforeAll(async () => {
	inbox = await smtpInbox();
	chain = await localChain(PORT);
	kassa = await testKassa({ KASSA_DEV_CHAIN_PORT: String(PORT - 1), SMTP_TEST_URL: inbox.url });
	shop = await merchant(kassa);
	const network = kassa.registry.network('test', 'base')!;
	expect(network.rpcUrl).toBe(chain.url);
	watcher = startChainWatcher(kassa, network, { client: createChainClient(chain.url) }, false);
	expect(await watcher.step()).toBe('advanced');
});
afterAll(async () => {
	await watcher?.stop();
	await kassa?.close();
	await chain?.stop();
	await inbox?.close();
});

async function catchUp() {
	for (let i = 0; i < 20; i++) if ((await watcher.step()) === 'idle') return;
	throw new Error('watcher did not catch up');
}
const sendEmails = async () => {
	const worker = startEmailDelivery(kassa, { manual: true });
	while ((await worker.runOnce()) > 0);
};
const mailTo = (address: string) => inbox.messages.filter((m) => m.to.includes(address));
const eventTypes = async (id: string) =>
	(
		await queryRows<{ type: string }>(
			kassa.db,
			`SELECT type FROM events WHERE object_id = '${id}' ORDER BY created_at, id`
		)
	).map((r) => r.type);
const allocations = async (id: string) =>
	(await api.payments(id, '?limit=100')).json.data.map((a: Record<string, unknown>) => [
		a.status,
		a.amount_requested,
		a.amount_received,
		a.amount_applied,
		a.amount_unapplied,
		a.reason
	]);

async function openRequest(email: string, amount = '30.00') {
	const { id } = (
		await api.create({
			currency: 'USD',
			amount,
			customer_email: email,
			supported_tokens: [{ chain: 'base', currency: 'USDC' }]
		})
	).json;
	await api.finalize(id);
	const view = (await requestPageView(kassa, id, { locale: 'en' }))!;
	return { id, view };
}

describe('payment requests on a real chain and a real SMTP server', () => {
	it('drafts, edits, finalizes, e-mails the url once, then is paid in two parts', async () => {
		const draft = await api.create({
			currency: 'USD',
			amount: '25.00',
			customer_email: 'payer@example.com',
			supported_tokens: [{ chain: 'base', currency: 'USDC' }]
		});
		const { id } = draft.json;
		expect((await api.update(id, { amount: '30.00' })).json.amount).toBe('30.00');
		const finalized = await api.finalize(id, `finalize-${id}`);
		expect(finalized.json).toMatchObject({ status: 'open', url: `http://kassa.test/pay/${id}` });
		expect((await api.finalize(id, `finalize-${id}`)).text).toBe(finalized.text);
		await sendEmails();
		await sendEmails();
		expect(mailTo('payer@example.com')).toHaveLength(1);
		expect(mailTo('payer@example.com')[0]!.text).toContain(`http://kassa.test/pay/${id}`);

		const view = (await requestPageView(kassa, id, { locale: 'en' }))!;
		expect(view).toMatchObject({ state: 'open', choosing: true, payment: null, due: '$30.00' });
		await expect(
			issueRequestAddress(kassa, {
				requestId: id,
				csrfToken: 'forged',
				chain: 'base',
				currency: 'USDC'
			})
		).rejects.toMatchObject({ code: 'csrf_token_invalid' });
		const intent = await issueRequestAddress(kassa, {
			requestId: id,
			csrfToken: view.csrfToken,
			chain: 'base',
			currency: 'USDC'
		});
		expect(intent.amount).toBe(30_000_000n);
		expect(intent.paymentRequestId).toBe(id);

		await chain.pay('USDC', intent.address, 10_000_000n);
		await catchUp();
		expect(await allocations(id)).toEqual([
			['processing', '30.00', '10.00', '10.00', '0.00', null]
		]);
		expect((await api.get(id)).json).toMatchObject({
			amount_processing: '10.00',
			amount_due: '20.00'
		});
		const processing = await api.cancel(id);
		expect([processing.status, processing.json.error.code]).toEqual([
			409,
			'payment_request_has_funds'
		]);

		await chain.mine(1);
		await catchUp();
		expect(await allocations(id)).toEqual([['applied', '30.00', '10.00', '10.00', '0.00', null]]);
		expect((await api.get(id)).json).toMatchObject({
			status: 'open',
			amount_paid: '10.00',
			amount_processing: '0.00',
			amount_due: '20.00'
		});
		const patch = await api.update(id, { amount: '20.00' });
		expect([patch.status, patch.json.error.code]).toEqual([409, 'payment_request_not_editable']);
		const funded = await api.cancel(id);
		expect([funded.status, funded.json.error.code]).toEqual([409, 'payment_request_has_funds']);
		const partly = (await requestPageView(kassa, id, { locale: 'en' }))!;
		expect(partly).toMatchObject({
			choosing: false,
			payment: { address: getAddress(intent.address), due: '20.00' }
		});

		await chain.pay('USDC', intent.address, 25_000_000n);
		await chain.mine(1);
		await catchUp();
		expect((await api.get(id)).json).toMatchObject({
			status: 'paid',
			amount_paid: '30.00',
			amount_due: '0.00'
		});
		expect((await api.get(id)).json.paid_at).not.toBeNull();
		expect(await allocations(id)).toEqual([
			['applied', '20.00', '25.00', '20.00', '5.00', 'overpayment'],
			['applied', '30.00', '10.00', '10.00', '0.00', null]
		]);
		// Events of one transaction share created_at, so compare them unordered.
		expect((await eventTypes(id)).sort()).toEqual([
			'payment_request.finalized',
			'payment_request.paid',
			'payment_request.payment_received',
			'payment_request.payment_received'
		]);
		await sendEmails();
		const mails = mailTo('payer@example.com');
		expect(mails).toHaveLength(2);
		expect(mails[1]!.text).toMatch(/Subject: \[TEST\] Receipt from Shop: \$30\.00/);

		// Funds after paid are listed, unapplied; the request stays paid.
		await chain.pay('USDC', intent.address, 3_000_000n);
		await chain.mine(2);
		await catchUp();
		expect((await allocations(id))[0]).toEqual([
			'unapplied',
			'0.00',
			'3.00',
			'0.00',
			'3.00',
			'overpayment'
		]);
		expect((await api.get(id)).json.status).toBe('paid');

		for (const row of (await api.payments(id)).json.data)
			expect(PaymentAllocationObject.strict().parse(row)).toEqual(row);
		const timeline = (await api.timeline(id, '?limit=100')).json.data;
		for (const entry of timeline)
			expect(PaymentRequestTimelineEntryObject.strict().parse(entry)).toEqual(entry);
		expect((await api.timeline(id, '?limit=100')).json.data).toEqual(timeline);
		expect(await wholeTimeline(api, id, 3)).toEqual(timeline);
		const types = timeline.map((e: { type: string }) => e.type);
		expect(types.at(-1)).toBe('payment_request.created');
		expect(types.at(-2)).toBe('payment_request.finalized');
		expect(types.indexOf('payment_request.paid')).toBeLessThan(
			types.indexOf('allocation.processing')
		);
		expect(types.indexOf('email.sent')).toBeLessThan(types.indexOf('payment_request.paid'));
		expect(types.filter((t: string) => t === 'email.sent')).toHaveLength(2);
	});

	it('cancels an open request without funds; a deposit after cancel is unapplied', async () => {
		const { id, view } = await openRequest('late@example.com', '5.00');
		const intent = await issueRequestAddress(kassa, {
			requestId: id,
			csrfToken: view.csrfToken,
			chain: 'base',
			currency: 'USDC'
		});
		const canceled = await api.cancel(id);
		expect(canceled.json).toMatchObject({ status: 'canceled' });
		expect((await api.deliveries(id, '?status=canceled')).json.data).toHaveLength(1);
		expect((await getPaymentIntent(kassa, principal(), intent.id)).status).toBe('cancelled');
		await expect(
			issueRequestAddress(kassa, {
				requestId: id,
				csrfToken: view.csrfToken,
				chain: 'base',
				currency: 'USDC'
			})
		).rejects.toMatchObject({ code: 'state_conflict' });
		await sendEmails();
		expect(mailTo('late@example.com')).toEqual([]);

		await chain.pay('USDC', intent.address, 5_000_000n);
		await chain.mine(2);
		await catchUp();
		expect(await allocations(id)).toEqual([
			['unapplied', '5.00', '5.00', '0.00', '5.00', 'request_canceled']
		]);
		expect((await api.get(id)).json).toMatchObject({ status: 'canceled', amount_paid: '0.00' });
	});

	it('refuses a replacement of a request with funds, and lists a wrong token as unapplied', async () => {
		const { id, view } = await openRequest('stray@example.com', '7.00');
		const intent = await issueRequestAddress(kassa, {
			requestId: id,
			csrfToken: view.csrfToken,
			chain: 'base',
			currency: 'USDC'
		});
		await chain.pay('USDT', intent.address, 7_000_000n);
		await catchUp();
		const replacement = (await api.create({ currency: 'USD', amount: '6.00', replaces: id })).json;
		const refused = await api.finalize(replacement.id);
		expect([refused.status, refused.json.error.code]).toEqual([409, 'payment_request_has_funds']);
		expect((await api.get(replacement.id)).json.status).toBe('draft');
		expect((await api.get(id)).json.status).toBe('open');
		await chain.mine(2);
		await catchUp();
		expect(await allocations(id)).toEqual([
			['unapplied', '7.00', '7.00', '0.00', '7.00', 'wrong_token']
		]);
		expect((await api.get(id)).json).toMatchObject({ status: 'open', amount_due: '7.00' });
	});
});
