import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBase62 } from '../../src/lib/server/ids/newId';
import { PaymentRequestDeliveryObject } from '../../src/lib/server/requests/objectSchemas';
import { claimDueDeliveries } from '../../src/lib/server/requests/deliveries/repo';
import { startEmailDelivery } from '../../src/lib/server/requests/deliveries/startEmailDelivery';
import { runDueDates } from '../../src/lib/server/requests/runDueDates';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import { requestApi } from '../requests/requestApi';
import { decodeQuotedPrintable, smtpInbox } from '../requests/smtpInbox';
import { merchant } from '../support/merchant';
import { testKassa } from '../support/testKassa';

let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let kassa: Kassa;
let shop: Awaited<ReturnType<typeof merchant>>;
const api = requestApi(() => shop.testKey);
const worker = () => startEmailDelivery(kassa, { manual: true }).runOnce();
beforeAll(async () => {
	inbox = await smtpInbox();
	kassa = await testKassa({ SMTP_TEST_URL: inbox.url });
	shop = await merchant(kassa);
});
afterAll(async () => {
	await kassa?.close();
	await inbox?.close();
});

const open = async (more: Record<string, unknown> = {}) => {
	const { id } = (
		await api.create({
			currency: 'USD',
			amount: '42.00',
			customer_email: 'payer@example.com',
			...more
		})
	).json;
	return (await api.finalize(id)).json;
};
const ids = (res: { json: { data: { id: string }[] } }) => res.json.data.map((d) => d.id);

describe('e-mail deliveries over SMTP', () => {
	it('sends the request e-mail once, with the public url, even when finalize is replayed', async () => {
		const { id } = (
			await api.create({
				currency: 'USD',
				amount: '42.00',
				customer_email: 'ada@example.com',
				customer_name: 'Ada'
			})
		).json;
		const first = await api.finalize(id, `key-${id}`);
		const replay = await api.finalize(id, `key-${id}`);
		expect(replay.text).toBe(first.text);
		while ((await worker()) > 0);
		const mine = inbox.messages.filter((m) => m.to.includes('ada@example.com'));
		expect(mine).toHaveLength(1);
		expect(mine[0]!.text).toContain(`http://kassa.test/pay/${id}`);
		expect(mine[0]!.text).toContain('Hello Ada,');
		expect(mine[0]!.text).toMatch(/Subject: \[TEST\] Payment request from Shop: \$42\.00/);
		expect(mine[0]!.text).toContain('Content-Type: text/html');
		const sent = await api.deliveries(id, '?status=sent');
		expect(PaymentRequestDeliveryObject.strict().parse(sent.json.data[0])).toEqual(
			sent.json.data[0]
		);
		expect(sent.json.data).toMatchObject([
			{
				kind: 'request',
				status: 'sent',
				attempt_count: 1,
				transport: 'smtp',
				recipient: 'ada@example.com'
			}
		]);
		const timeline = (await api.timeline(id)).json.data;
		expect(timeline[0]).toMatchObject({
			type: 'email.sent',
			data: { delivery_id: sent.json.data[0].id, attempt: 1 }
		});
	});

	it('filters deliveries by each status: pending, processing, sent, failed, canceled', async () => {
		const pending = await open();
		const processing = await open();
		const failed = await open({ customer_email: 'reject@example.com' });
		const canceled = await open();
		await api.cancel(canceled.id);
		const claimed = await claimDueDeliveries(kassa.db, {
			token: randomBase62(),
			now: new Date(),
			limit: 100,
			leaseMs: 60_000
		});
		const byRequest = new Map(claimed.map((row) => [row.paymentRequestId, row]));
		// Release all but one claim, so the worker sends the rest and one stays in `processing`.
		for (const row of claimed.filter((r) => r.paymentRequestId !== processing.id))
			await kassa.database.script((run) =>
				run(
					`UPDATE payment_request_deliveries SET status = 'pending', locked_by = NULL, locked_until = NULL WHERE id = '${row.id}'`
				)
			);
		expect(byRequest.has(processing.id)).toBe(true);
		await kassa.database.script((run) =>
			run(
				`UPDATE payment_request_deliveries SET next_attempt_at = now() + interval '1 hour' WHERE payment_request_id = '${pending.id}'`
			)
		);
		while ((await worker()) > 0);
		const expectations: [string, string][] = [
			[pending.id, 'pending'],
			[processing.id, 'processing'],
			[failed.id, 'failed'],
			[canceled.id, 'canceled']
		];
		for (const [id, status] of expectations) {
			const all = await api.deliveries(id);
			const filtered = await api.deliveries(id, `?status=${status}`);
			expect(ids(filtered), status).toEqual(ids(all));
			expect(filtered.json.data.map((d: { status: string }) => d.status)).toEqual([status]);
			for (const other of ['pending', 'processing', 'sent', 'failed', 'canceled'].filter(
				(s) => s !== status
			))
				expect((await api.deliveries(id, `?status=${other}`)).json.data).toEqual([]);
		}
		const refused = (await api.deliveries(failed.id)).json.data[0];
		expect(refused).toMatchObject({ attempt_count: 1, next_attempt_at: null });
		expect(refused.last_error).toMatch(/550/);
		const bad = await api.deliveries(failed.id, '?status=lost');
		expect([bad.status, bad.json.error.param]).toEqual([400, 'status']);
	});

	it('queues a reminder a day before due_at and flags the request overdue after it, still open', async () => {
		const due = new Date(Date.now() + 3 * 24 * 3_600_000);
		const request = await open({ due_at: due.toISOString() });
		expect(request.due_at).toBe(due.toISOString());
		const dayBefore = new Date(due.getTime() - 20 * 3_600_000);
		expect((await runDueDates(kassa, new Date())).reminders).toBe(0);
		const first = await runDueDates(kassa, dayBefore);
		expect(first.reminders).toBeGreaterThanOrEqual(1);
		expect((await runDueDates(kassa, dayBefore)).reminders).toBe(0);
		const kinds = (await api.deliveries(request.id)).json.data.map((d: { kind: string }) => d.kind);
		expect(kinds).toEqual(['reminder', 'request']);
		await runDueDates(kassa, new Date(due.getTime() + 1000));
		expect((await api.get(request.id)).json).toMatchObject({ status: 'open', overdue: true });
		const types = (await api.timeline(request.id)).json.data.map((e: { type: string }) => e.type);
		expect(types[0]).toBe('payment_request.overdue');
	});
});

describe('e-mail without an SMTP server for the mode', () => {
	let other: Kassa;
	let owner: Awaited<ReturnType<typeof merchant>>;
	beforeAll(async () => {
		// Only a live-mode server: test mode must not use it, and writes to the outbox instead.
		other = await testKassa({ SMTP_URL: inbox.url, KASSA_RPC_URL_BASE: 'http://127.0.0.1:9' });
		owner = await merchant(other, 'Outbox');
	});
	afterAll(() => other?.close());

	it('writes test-mode e-mail to the data directory, and sends live-mode e-mail by SMTP', async () => {
		const before = inbox.messages.length;
		let current = owner.testKey;
		const otherApi = requestApi(() => current);
		const create = {
			currency: 'EUR',
			amount: '9.50',
			customer_email: 'kunde@example.com',
			locale: 'de'
		};
		const test = (await otherApi.finalize((await otherApi.create(create)).json.id)).json;
		current = owner.liveKey;
		const live = (
			await otherApi.finalize((await otherApi.create({ ...create, currency: 'USD' })).json.id)
		).json;
		expect(live.livemode).toBe(true);
		const run = startEmailDelivery(other, { manual: true }).runOnce;
		while ((await run()) > 0);
		current = owner.testKey;
		const [delivery] = (await otherApi.deliveries(test.id)).json.data;
		expect(delivery).toMatchObject({ status: 'sent', transport: 'file' });
		const file = await readFile(
			join(other.config.dataDir, 'outbox', 'test', `${delivery.id}.eml`),
			'utf8'
		);
		const eml = decodeQuotedPrintable(file);
		expect(eml).toContain('To: kunde@example.com');
		expect(eml).toContain('Gesamt: 9,50\u00a0€');
		expect(eml).toContain(`http://kassa.test/pay/${test.id}`);
		expect(file).toContain('\r\n');
		const arrived = inbox.messages.slice(before);
		expect(arrived.map((m) => m.to)).toEqual([['kunde@example.com']]);
		expect(arrived[0]!.text).toContain(`http://kassa.test/pay/${live.id}`);
		expect(arrived[0]!.text).not.toContain('[TEST]');
	});

	it('retries when the server cannot be reached, recording the attempt', async () => {
		const broken = await testKassa({ SMTP_TEST_URL: 'smtp://127.0.0.1:9' });
		try {
			const who = await merchant(broken);
			const brokenApi = requestApi(() => who.testKey);
			const { id } = (
				await brokenApi.create({ currency: 'USD', amount: '1.00', customer_email: 'a@example.com' })
			).json;
			await brokenApi.finalize(id);
			expect(await startEmailDelivery(broken, { manual: true }).runOnce()).toBe(1);
			const [delivery] = (await brokenApi.deliveries(id)).json.data;
			expect(delivery).toMatchObject({ status: 'pending', attempt_count: 1 });
			expect(Date.parse(delivery.next_attempt_at) - Date.parse(delivery.last_attempt_at)).toBe(
				60_000
			);
			const [entry] = (await brokenApi.timeline(id)).json.data;
			expect(entry).toMatchObject({ type: 'email.failed', data: { attempt: 1 } });
			expect(entry.data.next_attempt_at).toBe(delivery.next_attempt_at);
		} finally {
			await broken.close();
		}
	});
});
