import { timingSafeEqual } from 'node:crypto';
import { KassaError } from '../errors';
import type { SecretBox } from '../secrets/SecretBox';

/** Public page actions carry the request's csrf token; anything else is refused with 403. */
export function checkRequestCsrf(request: { csrfToken: string }, token: string | null | undefined) {
	const given = Buffer.from(token ?? '');
	const expected = Buffer.from(request.csrfToken);
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
		throw new KassaError('csrf_token_invalid', 'This action needs the page’s csrf token.');
	}
}

/**
 * The public page's credential for polling its intents' status, scoped to one request: a MAC of
 * the request id, like the checkout page's.
 */
export function requestToken(secrets: SecretBox, requestId: string): string {
	return `${requestId}.${secrets.mac(`payment-request:${requestId}`)}`;
}

/** The request a page credential speaks for, or null when it is not one. */
export function requestFromToken(secrets: SecretBox, token: string): string | null {
	const dot = token.lastIndexOf('.');
	if (dot <= 0 || !token.startsWith('pr_')) return null;
	const requestId = token.slice(0, dot);
	return secrets.verifyMac(`payment-request:${requestId}`, token.slice(dot + 1)) ? requestId : null;
}
