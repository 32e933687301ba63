import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret } from '../generateWebhookSecret';
import { signPayload } from './signPayload';

describe('signPayload', () => {
	it('signs as the standardwebhooks library does, byte for byte', () => {
		const secret = generateWebhookSecret();
		const at = new Date('2026-11-22T10:00:00.000Z');
		const body = '{"id":"evt_1","data":{"object":{"amount":"12.50"}}}';
		const ours = signPayload(secret, 'evt_1', at.getTime() / 1000, body);
		expect(ours).toBe(new Webhook(secret).sign('evt_1', at, body));
	});

	it('keys the HMAC with the decoded secret, not the whsec_ text (unlike Stripe)', () => {
		const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
		// The Standard Webhooks specification's own test vector.
		const body = '{"test": 2432232314}';
		expect(signPayload(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe(
			'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='
		);
	});
});
