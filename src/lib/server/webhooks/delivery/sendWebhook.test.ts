import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret } from '../generateWebhookSecret';
import type { Connector, WebhookRequest } from './httpConnector';
import { parseRetryAfter, sendWebhook } from './sendWebhook';

const secret = generateWebhookSecret();
const message = {
	url: 'https://hooks.shop.example/kassa',
	secret,
	id: 'evt_1',
	body: '{"id":"evt_1"}',
	allowPrivate: false,
	requireHttps: true
};
const resolver = async () => ['93.184.215.14'];

function answering(status: number, retryAfter: string | null = null) {
	const calls: WebhookRequest[] = [];
	const connector: Connector = async (request) => {
		calls.push(request);
		return { status, retryAfter };
	};
	return { calls, connector };
}

describe('sendWebhook', () => {
	it('POSTs a Standard Webhooks signed body to the checked address', async () => {
		const { calls, connector } = answering(204);
		const outcome = await sendWebhook(message, { resolver, connector });
		expect(outcome).toMatchObject({ result: 'succeeded', statusCode: 204, error: null });
		const [request] = calls;
		expect(request).toMatchObject({ address: '93.184.215.14', family: 4, timeoutMs: 15_000 });
		expect(request!.headers['webhook-id']).toBe('evt_1');
		expect(new Webhook(secret).verify(request!.body, request!.headers)).toEqual({ id: 'evt_1' });
	});

	it.each([
		[301, 'failed'],
		[400, 'failed'],
		[410, 'gone'],
		[500, 'failed']
	] as const)('treats %i as %s', async (status, result) => {
		const outcome = await sendWebhook(message, {
			resolver,
			connector: answering(status).connector
		});
		expect(outcome).toMatchObject({
			result,
			statusCode: status,
			error: expect.stringContaining(`HTTP ${status}`)
		});
	});

	it('reads Retry-After on 429, 502, 503 and 504 only', async () => {
		for (const status of [429, 502, 503, 504]) {
			const outcome = await sendWebhook(message, {
				resolver,
				connector: answering(status, '30').connector
			});
			expect(outcome.retryAfterMs).toBe(30_000);
		}
		const ignored = await sendWebhook(message, {
			resolver,
			connector: answering(500, '30').connector
		});
		expect(ignored.retryAfterMs).toBeNull();
	});

	it('records a connection error as a failed attempt without a status', async () => {
		const connector: Connector = async () => {
			throw Object.assign(new Error('connect ECONNREFUSED 93.184.215.14:443'), {
				code: 'ECONNREFUSED'
			});
		};
		expect(await sendWebhook(message, { resolver, connector })).toMatchObject({
			result: 'failed',
			statusCode: null,
			error: 'connect ECONNREFUSED 93.184.215.14:443'
		});
	});
});

describe('parseRetryAfter', () => {
	const now = new Date('2026-11-22T10:00:00.000Z');
	it('takes seconds or an HTTP date, ignores anything else', () => {
		expect(parseRetryAfter('120', now)).toBe(120_000);
		expect(parseRetryAfter('Sun, 22 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
		expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
		expect(parseRetryAfter('soon', now)).toBeNull();
		expect(parseRetryAfter(null, now)).toBeNull();
	});
});
