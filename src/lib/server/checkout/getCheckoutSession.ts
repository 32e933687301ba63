import type { Principal } from '../accounts/accounts';
import { notFound } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { findSession } from './repo';
import { sessionObject } from './sessionObject';

export async function getCheckoutSession(kassa: Kassa, principal: Principal, id: string) {
	const row = await findSession(kassa.db, principal, id);
	if (!row) throw notFound('checkout session', id);
	return sessionObject(kassa, row);
}
