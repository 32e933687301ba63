import { describeError } from './describeError';
import { httpConnector, type Connector } from './httpConnector';
import { resolveAndCheck, type Resolver } from './resolveAndCheck';
import { signPayload } from './signPayload';

export interface WebhookMessage {
	url: string;
	secret: string;
	/** `webhook-id`: the event id, the same on every retry so receivers can deduplicate. */
	id: string;
	body: string;
	/** Live mode: https only and no private address; test mode follows KASSA_ALLOW_PRIVATE_WEBHOOKS. */
	allowPrivate: boolean;
	requireHttps: boolean;
}

export interface SendOptions {
	resolver?: Resolver;
	connector?: Connector;
	now?: () => Date;
	timeoutMs?: number;
}

export interface AttemptOutcome {
	/** `gone`: the receiver answered 410 and the endpoint must be disabled. */
	result: 'succeeded' | 'failed' | 'gone';
	statusCode: number | null;
	latencyMs: number;
	error: string | null;
	/** The receiver's Retry-After (429, 502, 503, 504), in milliseconds. */
	retryAfterMs: number | null;
}

export const SEND_TIMEOUT_MS = 15_000;
const RETRY_AFTER_STATUSES = new Set([429, 502, 503, 504]);

/** One signed POST: checks the target again (it may resolve elsewhere now), then sends. */
export async function sendWebhook(
	message: WebhookMessage,
	options: SendOptions = {}
): Promise<AttemptOutcome> {
	const now = options.now ?? (() => new Date());
	const started = performance.now();
	const failed = (error: string, statusCode: number | null = null): AttemptOutcome => ({
		result: 'failed',
		statusCode,
		latencyMs: Math.round(performance.now() - started),
		error,
		retryAfterMs: null
	});
	const url = new URL(message.url);
	if (message.requireHttps && url.protocol !== 'https:')
		return failed('refused: the URL is not https');
	const target = await resolveAndCheck(url.hostname, {
		resolver: options.resolver,
		allowPrivate: message.allowPrivate
	});
	if (!target.ok) return failed(`refused: ${target.message}`);
	const timestamp = Math.floor(now().getTime() / 1000);
	const headers = {
		'content-type': 'application/json',
		'user-agent': 'Kassa-Webhooks/1',
		'webhook-id': message.id,
		'webhook-timestamp': String(timestamp),
		'webhook-signature': signPayload(message.secret, message.id, timestamp, message.body)
	};
	const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
	let response;
	try {
		response = await (options.connector ?? httpConnector)({
			url,
			address: target.address,
			family: target.family,
			headers,
			body: message.body,
			timeoutMs
		});
	} catch (error) {
		return failed(describeError(error));
	}
	const { status } = response;
	const latencyMs = Math.round(performance.now() - started);
	if (status >= 200 && status < 300) {
		return { result: 'succeeded', statusCode: status, latencyMs, error: null, retryAfterMs: null };
	}
	const retryAfterMs = RETRY_AFTER_STATUSES.has(status)
		? parseRetryAfter(response.retryAfter, now())
		: null;
	const error =
		status >= 300 && status < 400
			? `HTTP ${status} (redirects are not followed)`
			: `HTTP ${status}`;
	return {
		result: status === 410 ? 'gone' : 'failed',
		statusCode: status,
		latencyMs,
		error,
		retryAfterMs
	};
}

/** Retry-After as delay-seconds or an HTTP date; anything else is ignored. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
	if (!value) return null;
	if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
	const at = Date.parse(value);
	return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
