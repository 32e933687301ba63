import type { Hash } from 'viem';
import { simulateIntentPayment } from '../../checkout/simulatePayment';
import { KassaError } from '../../errors';
import { FINAL_STATUSES } from '../../intents/nextIntentStatus';
import type { Kassa } from '../../runtime/Kassa';
import { checkRequestCsrf } from '../pageAccess';
import { findRequestById, requestIntents } from '../repo';

export interface SimulateRequestPaymentInput {
	requestId: string;
	csrfToken: string | null;
	/** Base units to send; by default what is still due on the current address. */
	amount?: bigint;
}

/**
 * The test request page's "simulate payment": the checkout page's, aimed at the address the page
 * presents (the request's newest intent while it is not final). Test mode, stand-in chains and the
 * request's csrf token only.
 */
export async function simulateRequestPayment(
	kassa: Kassa,
	input: SimulateRequestPaymentInput
): Promise<Hash> {
	const request = await findRequestById(kassa.db, input.requestId);
	if (!request || request.status === 'draft')
		throw new KassaError('resource_missing', 'No such payment request.', { param: 'id' });
	checkRequestCsrf(request, input.csrfToken);
	const refuse = (message: string) => new KassaError('parameter_invalid', message);
	if (request.mode !== 'test') throw refuse('Payments can be simulated only in test mode.');
	if (request.status !== 'open')
		throw new KassaError('state_conflict', `This payment request is ${request.status}.`);
	const intent = (await requestIntents(kassa.db, request.id)).at(-1);
	if (!intent || FINAL_STATUSES.has(intent.status))
		throw refuse('Choose a token before simulating a payment.');
	return simulateIntentPayment(kassa, intent, input.amount);
}
