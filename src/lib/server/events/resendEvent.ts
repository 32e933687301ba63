import type { Principal } from '../accounts/accounts';
import { KassaError, notFound } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { queueDeliveries } from '../webhooks/delivery/queueDeliveries';
import { isEventType } from '../webhooks/eventTypes';
import { getEvent } from './getEvent';
import { findEvent } from './repo';

/**
 * Sends an event again to every enabled endpoint that subscribes to it now: its delivery is made
 * due at once (a new one for an endpoint added since). Same event id, so the same `webhook-id`.
 */
export async function resendEvent(kassa: Kassa, principal: Principal, id: string) {
	await kassa.db.transaction(async (tx) => {
		const row = await findEvent(tx, principal, id);
		if (!row) throw notFound('event', id);
		if (!isEventType(row.type)) {
			throw new KassaError('state_conflict', `Events of type '${row.type}' are no longer sent.`);
		}
		await queueDeliveries(tx, { ...row, type: row.type }, { requeue: true });
	});
	return getEvent(kassa, principal, id);
}
