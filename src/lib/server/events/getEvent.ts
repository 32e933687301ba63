import type { Principal } from '../accounts/accounts';
import { notFound } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { eventDeliveries } from '../webhooks/delivery/eventDeliveries';
import { eventObject } from './eventObject';
import { findEvent } from './repo';

/** One event, with its deliveries and their attempts. */
export async function getEvent(kassa: Kassa, principal: Principal, id: string) {
	const row = await findEvent(kassa.db, principal, id);
	if (!row) throw notFound('event', id);
	return { ...eventObject(row), deliveries: await eventDeliveries(kassa.db, principal, id) };
}
