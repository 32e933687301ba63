import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/openDatabase';
import { checkoutSessions } from '../db/tables/checkout';
import { KassaError } from '../errors';
import type { SessionRow } from './repo';

/** A session as the hosted page sees it: found by id alone (the id is the page's capability). */
export async function findSessionForPage(
	db: Queryable,
	id: string,
	lock = false
): Promise<SessionRow | undefined> {
	if (!/^chk_(test|live)_[0-9A-Za-z]{1,64}$/.test(id)) return undefined;
	const query = db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
	const [row] = lock ? await query.for('update') : await query;
	return row;
}

/** Page actions carry the session's csrf token; anything else is refused with 403. */
export function checkCsrf(session: SessionRow, token: string | null | undefined): void {
	const given = Buffer.from(token ?? '');
	const expected = Buffer.from(session.csrfToken);
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
		throw new KassaError('csrf_token_invalid', 'This action needs the page’s csrf token.');
	}
}
