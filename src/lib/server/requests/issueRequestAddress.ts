import { KassaError } from '../errors';
import { newId } from '../ids/newId';
import { issueAddress } from '../intents/issueAddress';
import {
	insertIntent,
	intentTransfers,
	notifyIntentChanged,
	type IntentRow
} from '../intents/repo';
import { chosenToken, tokenAmount } from '../rates/chosenToken';
import type { Kassa } from '../runtime/Kassa';
import { findRequestById, lockRequestIntents } from './repo';
import { checkRequestCsrf } from './pageAccess';
import { amountDue } from './requestObject';

/** How long an issued address is presented as current; funds arriving later still count. */
export const REQUEST_INTENT_LIFETIME_MS = 24 * 60 * 60_000;

export interface IssueRequestAddressInput {
	requestId: string;
	csrfToken: string | null;
	chain: string;
	currency: string;
}

/**
 * The payer chose a token on the public page: an intent (with its own one-time address) for the
 * amount still due, in that token. The newest one is reused while it still fits and nothing arrived.
 */
export async function issueRequestAddress(
	kassa: Kassa,
	input: IssueRequestAddressInput
): Promise<IntentRow> {
	return kassa.db.transaction(async (tx) => {
		const intents = await lockRequestIntents(tx, input.requestId);
		const request = await findRequestById(tx, input.requestId, true);
		if (!request || request.status === 'draft')
			throw new KassaError('resource_missing', 'No such payment request.', { param: 'id' });
		checkRequestCsrf(request, input.csrfToken);
		if (request.status !== 'open')
			throw new KassaError('state_conflict', `This payment request is ${request.status}.`);
		const due = amountDue(request);
		if (due === 0n)
			throw new KassaError('state_conflict', 'Nothing is due: the payment is being confirmed.');
		const chosen = chosenToken(kassa, request, input, 'payment request');
		const { token, rate } = chosen;
		const now = new Date();
		const latest = intents.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
		const reusable =
			latest &&
			latest.chain === token.network.chain &&
			latest.currency === token.currency &&
			latest.status === 'requires_payment_method' &&
			latest.fiatAmount === due &&
			latest.expiresAt.getTime() - now.getTime() > REQUEST_INTENT_LIFETIME_MS / 2 &&
			(await intentTransfers(tx, latest.id)).length === 0;
		if (reusable) return latest;
		const amount = tokenAmount(due, request.currency, chosen);
		const { xpub, index, address } = await issueAddress(kassa, tx, request.accountId, request.mode);
		const intent = await insertIntent(tx, {
			id: newId('pay'),
			accountId: request.accountId,
			mode: request.mode,
			paymentRequestId: request.id,
			status: 'requires_payment_method',
			chain: token.network.chain,
			chainId: token.network.chainId,
			currency: token.currency,
			tokenAddress: token.address.toLowerCase(),
			decimals: token.decimals,
			amount,
			fiatCurrency: request.currency,
			fiatAmount: due,
			exchangeRate: rate.text,
			requiredConfirmations: token.network.confirmations,
			address,
			xpub,
			derivationIndex: index,
			expiresAt: new Date(now.getTime() + REQUEST_INTENT_LIFETIME_MS),
			createdAt: now,
			updatedAt: now
		});
		await notifyIntentChanged(tx, intent.id);
		return intent;
	});
}
