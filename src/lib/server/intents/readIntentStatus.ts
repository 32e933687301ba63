import type { Principal } from '../accounts/accounts';
import { sessionFromToken } from '../checkout/sessionToken';
import { KassaError, notFound } from '../errors';
import { requestFromToken } from '../requests/pageAccess';
import type { Kassa } from '../runtime/Kassa';
import type { StatusEntry } from './statusCache';

/**
 * Who may read an intent's status: the merchant (its account and mode), or the hosted page of its
 * checkout session or payment request (a credential scoped to that one page).
 */
export type StatusReader = { principal: Principal } | { pageId: string };

export function statusReader(kassa: Kassa, bearer: string): StatusReader | 'merchant_key' {
	const page = bearer.startsWith('chk_')
		? sessionFromToken(kassa.secrets, bearer)
		: bearer.startsWith('pr_')
			? requestFromToken(kassa.secrets, bearer)
			: undefined;
	if (page === undefined) return 'merchant_key';
	if (!page) throw new KassaError('session_token_invalid', 'The page credential is not valid.');
	return { pageId: page };
}

/** The cached status body if `reader` may see it; a stranger gets the same 404 as a missing id. */
export function authorizeStatus(
	entry: StatusEntry | null,
	reader: StatusReader,
	id: string
): StatusEntry {
	const allowed =
		entry !== null &&
		('pageId' in reader
			? entry.pageId === reader.pageId
			: entry.accountId === reader.principal.accountId && entry.mode === reader.principal.mode);
	if (!allowed) throw notFound('payment intent', id);
	return entry;
}
