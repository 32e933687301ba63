import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The built server in this worker, exactly as `npm start` runs it, fast path included. */
let server: { url: string; close(): Promise<void> };
let host: {
	demoPayment(): Promise<{ sessionId: string; intentId: string; credential: string }>;
	kassa: { db: { execute(sql: string): Promise<unknown> } };
};
let key: string;

beforeAll(async () => {
	expect(existsSync('build/handler.js'), 'run `npm run build` first').toBe(true);
	Object.assign(process.env, {
		KASSA_DATA_DIR: await mkdtemp(join(tmpdir(), 'kassa-fast-')),
		PORT: String(3150 + Math.floor(Math.random() * 40)),
		KASSA_WORKERS: 'off',
		NODE_ENV: 'development',
		LOG_LEVEL: 'warn'
	});
	delete process.env.DATABASE_URL;
	const { serve } = await import('../../scripts/serve.js');
	const started = await serve({ print: false, handleSignals: false });
	server = started;
	key = started.firstRun!.key;
	host = Reflect.get(globalThis, Symbol.for('kassa.host'));
});
afterAll(() => server?.close());

const status = (intentId: string, bearer?: string) =>
	fetch(`${server.url}/v1/payment_intents/${intentId}/status`, {
		headers: bearer ? { authorization: `Bearer ${bearer}` } : {}
	});

describe('intent status on the fast path', () => {
	it('answers the page credential and the merchant key with the same body', async () => {
		const pay = await host.demoPayment();
		const byPage = await status(pay.intentId, pay.credential);
		expect(byPage.status).toBe(200);
		expect(byPage.headers.get('cache-control')).toBe('no-store');
		const body = await byPage.json();
		expect(body).toMatchObject({
			id: pay.intentId,
			status: 'requires_payment_method',
			amount: '20.00',
			amount_received: '0.00',
			amount_due: '20.00',
			checkout_session_status: 'open',
			confirmations: 0
		});
		const byKey = await status(pay.intentId, key);
		expect(await byKey.json()).toEqual(body);
	});

	it('refuses other sessions, forged credentials and no credential in the error envelope', async () => {
		const a = await host.demoPayment();
		const b = await host.demoPayment();
		const cross = await status(a.intentId, b.credential);
		expect(cross.status).toBe(404);
		expect((await cross.json()).error.code).toBe('resource_missing');
		const forged = await status(a.intentId, `${a.sessionId}.${'A'.repeat(43)}`);
		expect(forged.status).toBe(403);
		expect((await forged.json()).error.code).toBe('session_token_invalid');
		const none = await status(a.intentId);
		expect(none.status).toBe(401);
		expect((await status('pay_doesnotexist', a.credential)).status).toBe(404);
	});

	it('shows a change at once: the cache is evicted by the change’s NOTIFY', async () => {
		const pay = await host.demoPayment();
		expect((await (await status(pay.intentId, pay.credential)).json()).status).toBe(
			'requires_payment_method'
		);
		await host.kassa.db.execute(
			`UPDATE payment_intents SET status = 'requires_confirmation', version = version + 1 WHERE id = '${pay.intentId}'; `
		);
		await host.kassa.db.execute(`SELECT pg_notify('kassa_intent', '${pay.intentId}')`);
		expect((await (await status(pay.intentId, pay.credential)).json()).status).toBe(
			'requires_confirmation'
		);
	});
});
