import type { Kassa } from '../runtime/Kassa';
import { closeOpenSession } from './closeOpenSession';
import { lockPageSession } from './lockPageSession';
import type { SessionRow } from './repo';

/** The shopper's "cancel and return": allowed while nothing was received; the page then goes to cancel_url. */
export async function cancelCheckout(
	kassa: Kassa,
	input: { sessionId: string; csrfToken: string | null }
): Promise<SessionRow> {
	return kassa.db.transaction(async (tx) => {
		const session = await lockPageSession(tx, input.sessionId, input.csrfToken);
		if (session.status === 'expired') return session;
		return closeOpenSession(kassa, tx, session);
	});
}
