import type { Tx } from '../db/openDatabase';
import { KassaError } from '../errors';
import { checkCsrf, findSessionForPage } from './findSessionForPage';
import type { SessionRow } from './repo';

/** The session a page action works on, locked for the action's transaction, after its csrf check. */
export async function lockPageSession(
	tx: Tx,
	sessionId: string,
	csrfToken: string | null
): Promise<SessionRow> {
	const session = await findSessionForPage(tx, sessionId, true);
	if (!session)
		throw new KassaError('resource_missing', 'No such checkout session.', { param: 'session_id' });
	checkCsrf(session, csrfToken);
	return session;
}
