import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/lib/server/db/queryRows';
import { webhookAttempts, webhookDeliveries } from '../../src/lib/server/db/tables/webhooks';
import { recordEvent } from '../../src/lib/server/events/recordEvent';
import { randomBase62 } from '../../src/lib/server/ids/newId';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import { createWebhookEndpoint } from '../../src/lib/server/webhooks/createWebhookEndpoint';
import { claimDueDeliveries } from '../../src/lib/server/webhooks/delivery/claimDueDeliveries';
import { settleDelivery } from '../../src/lib/server/webhooks/delivery/repo';
import {
	startWebhookDelivery,
	type WebhookDelivery
} from '../../src/lib/server/webhooks/delivery/startWebhookDelivery';
import { merchant } from '../support/merchant';
import { testDatabaseUrl, testKassa } from '../support/testKassa';
import { startReceiver, type Receiver } from './receiver';

let receiver: Receiver;
beforeAll(async () => {
	receiver = await startReceiver();
});
afterAll(() => receiver.close());

/** `count` due deliveries to one endpoint on the receiver, which answers a little slowly. */
async function dueDeliveries(kassa: Kassa, count: number) {
	const { accountId } = await merchant(kassa);
	const path = `/hook/${randomBase62(64)}`;
	const hook = await createWebhookEndpoint(
		kassa,
		{ accountId, mode: 'test', livemode: false },
		{ url: receiver.url(path) }
	);
	receiver.trust(path, hook.secret);
	receiver.answer(path, () => ({ status: 200, hangMs: 10 }));
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const object = { id: `pay_${randomBase62()}`, object: 'payment_intent' };
		ids.push(
			await kassa.db.transaction((tx) =>
				recordEvent(tx, { accountId, mode: 'test', type: 'payment_intent.succeeded', object })
			)
		);
	}
	return { hook, path, ids };
}

/** Runs a worker until it finds nothing due; returns how many deliveries it took. */
async function drain(worker: WebhookDelivery): Promise<number> {
	let total = 0;
	for (let n = await worker.runOnce(); n > 0; n = await worker.runOnce()) total += n;
	return total;
}

async function expectEachSentOnce(
	kassa: Kassa,
	sent: { path: string; ids: string[]; hook: { id: string } }
) {
	const got = receiver.at(sent.path);
	expect(got.every((r) => r.verifyError === null)).toBe(true);
	expect(got.map((r) => String(r.headers['webhook-id'])).sort()).toEqual([...sent.ids].sort());
	const attempts = await kassa.db
		.select()
		.from(webhookAttempts)
		.where(eq(webhookAttempts.endpointId, sent.hook.id));
	expect(attempts).toHaveLength(sent.ids.length);
	expect(attempts.every((a) => a.attempt === 1 && a.succeeded)).toBe(true);
}

describe('several workers', () => {
	it('of one instance, racing, send each delivery once', async () => {
		const kassa = await testKassa();
		try {
			const sent = await dueDeliveries(kassa, 20);
			const workers = [1, 2, 3].map(() =>
				startWebhookDelivery(kassa, { manual: true, batchSize: 3 })
			);
			const taken = await Promise.all(workers.map(drain));
			expect(taken.reduce((a, b) => a + b)).toBe(20);
			await expectEachSentOnce(kassa, sent);
		} finally {
			await kassa.close();
		}
	});

	it('leave a claimed delivery alone until its lease runs out, then take it over', async () => {
		const kassa = await testKassa();
		try {
			const sent = await dueDeliveries(kassa, 1);
			// An instance that claimed it and stopped before sending.
			const [crashed] = await claimDueDeliveries(kassa.db, {
				token: 'crashed',
				now: new Date(),
				limit: 10,
				leaseMs: 60_000
			});
			expect(crashed!.delivery.eventId).toBe(sent.ids[0]);
			const worker = startWebhookDelivery(kassa, { manual: true });
			expect(await worker.runOnce()).toBe(0);
			await kassa.db
				.update(webhookDeliveries)
				.set({ lockedUntil: new Date(Date.now() - 1000) })
				.where(eq(webhookDeliveries.id, crashed!.delivery.id));
			expect(await worker.runOnce()).toBe(1);
			await expectEachSentOnce(kassa, sent);
			// The stale holder's late result changes nothing.
			await settleDelivery(
				kassa.db,
				{ id: crashed!.delivery.id, lockToken: 'crashed' },
				{ status: 'failed', nextAttemptAt: null, lastError: 'late' }
			);
			const [row] = await kassa.db
				.select()
				.from(webhookDeliveries)
				.where(eq(webhookDeliveries.id, crashed!.delivery.id));
			expect(row).toMatchObject({ status: 'succeeded', lastError: null, lockedBy: null });
		} finally {
			await kassa.close();
		}
	});

	// PGlite has one connection: real concurrency between instances needs PostgreSQL.
	it.skipIf(!testDatabaseUrl)(
		'of two instances on one PostgreSQL never send the same attempt: 50 deliveries, each once',
		async () => {
			const secretKey = randomBytes(32).toString('base64');
			const first = await testKassa({ KASSA_SECRET_KEY: secretKey });
			const [{ schema }] = (await queryRows<{ schema: string }>(
				first.db,
				'SELECT current_schema() AS schema'
			)) as [{ schema: string }];
			const second = await testKassa({ KASSA_SECRET_KEY: secretKey }, { schema });
			try {
				const sent = await dueDeliveries(first, 50);
				const workers = [first, second, first, second].map((kassa) =>
					startWebhookDelivery(kassa, { manual: true, batchSize: 4, concurrency: 4 })
				);
				const taken = await Promise.all(workers.map(drain));
				expect(taken.reduce((a, b) => a + b)).toBe(50);
				expect(taken[0]! + taken[2]!).toBeGreaterThan(0);
				expect(taken[1]! + taken[3]!).toBeGreaterThan(0);
				await expectEachSentOnce(first, sent);
			} finally {
				await second.close();
				await first.close();
			}
		}
	);
});
