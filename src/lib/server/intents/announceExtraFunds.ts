import type { Tx } from '../db/openDatabase';
import { recordEvent } from '../events/recordEvent';
import { intentObject } from './intentObject';
import { findIntentById, intentTransfers } from './repo';

/**
 * Funds that do not count — after a final state, or in another token or on another network — are
 * recorded on the intent and announced once, with the transfers in the event's object.
 */
export async function announceExtraFunds(tx: Tx, intentId: string): Promise<void> {
	const intent = (await findIntentById(tx, intentId))!;
	const object = intentObject(intent, await intentTransfers(tx, intentId));
	await recordEvent(tx, {
		accountId: intent.accountId,
		mode: intent.mode,
		type: 'payment_intent.funds_received_late',
		object
	});
}
