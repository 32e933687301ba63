import { createHmac } from 'node:crypto';

/**
 * The Standard Webhooks v1 signature header value: HMAC-SHA256 over `id.timestamp.body`, keyed
 * with the base64-decoded part of the `whsec_…` secret (not the whole string, as Stripe does).
 */
export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
	const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
	const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
	return `v1,${mac}`;
}
