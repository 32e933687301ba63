import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate } from '../accounts/accounts';
import { KassaError } from '../errors';
import { authorizeStatus, statusReader, type StatusReader } from '../intents/readIntentStatus';
import { STATUS_HEADERS, type StatusEntry } from '../intents/statusCache';
import type { Kassa } from '../runtime/Kassa';
import { toKassaError } from './jsonResponse';

const PATH = /^\/v1\/payment_intents\/(pay_[0-9A-Za-z]{1,64})\/status(?:\?|$)/;

/** Request ids: a random per-process prefix and a counter, cheap enough for the hot path. */
const ID_PREFIX = `req_${randomBytes(6).toString('hex')}`;
let counter = 0;

/** Page credentials already checked by MAC (bounded; a miss only costs one HMAC). */
const verified = new Map<string, string>();

function pageReader(kassa: Kassa, bearer: string): StatusReader | 'merchant_key' {
	const known = verified.get(bearer);
	if (known) return { pageId: known };
	const reader = statusReader(kassa, bearer);
	if (reader !== 'merchant_key' && 'pageId' in reader) {
		if (verified.size >= 50_000) verified.clear();
		verified.set(bearer, reader.pageId);
	}
	return reader;
}

/**
 * The intent status endpoint without SvelteKit: every open checkout page polls it, so a cached
 * body and a page credential checked by MAC answer from memory. Same service, same bytes as the
 * route; returns false for any other request.
 */
export function fastIntentStatus(kassa: Kassa, req: IncomingMessage, res: ServerResponse): boolean {
	if (req.method !== 'GET' || !req.url?.startsWith('/v1/payment_intents/')) return false;
	const match = PATH.exec(req.url);
	if (!match) return false;
	const id = match[1]!;
	const requestId = `${ID_PREFIX}${(counter++).toString(36)}`;
	try {
		const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
		if (!bearer)
			throw new KassaError(
				'api_key_missing',
				'Send the secret key or the checkout page credential as a Bearer token.'
			);
		const reader = pageReader(kassa, bearer);
		const cached = reader === 'merchant_key' ? undefined : kassa.statusCache.peek(id);
		if (cached && reader !== 'merchant_key') {
			send(res, requestId, authorizeStatus(cached, reader, id));
			return true;
		}
		void slowPath(kassa, bearer, reader, id).then(
			(entry) => send(res, requestId, entry),
			(error: unknown) => fail(kassa, res, requestId, error)
		);
	} catch (error) {
		fail(kassa, res, requestId, error);
	}
	return true;
}

async function slowPath(
	kassa: Kassa,
	bearer: string,
	reader: StatusReader | 'merchant_key',
	id: string
): Promise<StatusEntry> {
	const resolved =
		reader === 'merchant_key' ? { principal: await authenticate(kassa.db, bearer) } : reader;
	return authorizeStatus(await kassa.statusCache.get(id), resolved, id);
}

function send(res: ServerResponse, requestId: string, entry: StatusEntry): void {
	res.setHeader('request-id', requestId);
	res.writeHead(200, entry.headers);
	res.end(entry.body);
}

function fail(kassa: Kassa, res: ServerResponse, requestId: string, error: unknown): void {
	const failure = toKassaError(error);
	if (failure.status >= 500) kassa.log.error({ err: error, requestId }, 'status request failed');
	const body = JSON.stringify(failure.toBody());
	res.writeHead(failure.status, {
		...STATUS_HEADERS,
		'request-id': requestId,
		'content-length': Buffer.byteLength(body)
	});
	res.end(body);
}
