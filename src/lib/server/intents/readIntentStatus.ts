import type { Principal } from '../accounts/accounts';
import { sessionFromToken } from '../checkout/sessionToken';
import { KassaError, notFound } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import type { StatusEntry } from './statusCache';

/** Who may read an intent's status: the merchant (its account and mode) or the hosted page of its session. */
export type StatusReader = { principal: Principal } | { sessionId: string };

export function statusReader(kassa: Kassa, bearer: string): StatusReader | 'merchant_key' {
	if (bearer.startsWith('chk_')) {
		const sessionId = sessionFromToken(kassa.secrets, bearer);
		if (!sessionId)
			throw new KassaError('session_token_invalid', 'The checkout page credential is not valid.');
		return { sessionId };
	}
	return 'merchant_key';
}

/** The cached status body if `reader` may see it; a stranger gets the same 404 as a missing id. */
export function authorizeStatus(
	entry: StatusEntry | null,
	reader: StatusReader,
	id: string
): StatusEntry {
	const allowed =
		entry !== null &&
		('sessionId' in reader
			? entry.sessionId === reader.sessionId
			: entry.accountId === reader.principal.accountId && entry.mode === reader.principal.mode);
	if (!allowed) throw notFound('payment intent', id);
	return entry;
}
