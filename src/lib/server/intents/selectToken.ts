import { eq } from 'drizzle-orm';
import { checkoutSessions } from '../db/tables/checkout';
import { KassaError } from '../errors';
import { newId } from '../ids/newId';
import { chosenToken, tokenAmount } from '../rates/chosenToken';
import type { Kassa } from '../runtime/Kassa';
import { lockPageSession } from '../checkout/lockPageSession';
import { issueAddress } from './issueAddress';
import {
	findIntentById,
	insertIntent,
	intentTransfers,
	notifyIntentChanged,
	updateIntent
} from './repo';

export interface SelectTokenInput {
	sessionId: string;
	csrfToken: string | null;
	chain: string;
	currency: string;
}

/**
 * The shopper chose a token: the session's intent is created (first time) or re-priced for the new
 * token, keeping its address, until funds arrive; then the choice is locked.
 */
export async function selectToken(kassa: Kassa, input: SelectTokenInput) {
	return kassa.db.transaction(async (tx) => {
		const session = await lockPageSession(tx, input.sessionId, input.csrfToken);
		if (session.status !== 'open' || session.expiresAt.getTime() <= Date.now()) {
			throw new KassaError('checkout_session_not_open', 'This checkout session is no longer open.');
		}
		const chosen = chosenToken(kassa, session, input, 'session');
		const { token, rate } = chosen;
		const amount = tokenAmount(session.amountTotal, session.currency, chosen);
		const now = new Date();
		const terms = {
			chain: token.network.chain,
			chainId: token.network.chainId,
			currency: token.currency,
			tokenAddress: token.address.toLowerCase(),
			decimals: token.decimals,
			amount,
			exchangeRate: rate.text,
			requiredConfirmations: token.network.confirmations
		};
		let intentId = session.paymentIntentId;
		if (intentId) {
			const intent = (await findIntentById(tx, intentId, true))!;
			if (
				(await intentTransfers(tx, intentId)).some((t) => t.state !== 'orphaned') ||
				intent.status !== 'requires_payment_method'
			) {
				throw new KassaError(
					'checkout_session_has_funds',
					'Funds have arrived for this session; the token can no longer change.'
				);
			}
			await updateIntent(tx, intentId, intent.version, terms);
		} else {
			const { xpub, index, address } = await issueAddress(
				kassa,
				tx,
				session.accountId,
				session.mode
			);
			intentId = newId('pay');
			await insertIntent(tx, {
				id: intentId,
				accountId: session.accountId,
				mode: session.mode,
				checkoutSessionId: session.id,
				status: 'requires_payment_method',
				...terms,
				fiatCurrency: session.currency,
				fiatAmount: session.amountTotal,
				address,
				xpub,
				derivationIndex: index,
				expiresAt: session.expiresAt,
				createdAt: now,
				updatedAt: now
			});
		}
		await tx
			.update(checkoutSessions)
			.set({
				paymentIntentId: intentId,
				chain: terms.chain,
				selectedToken: { chain: terms.chain, currency: terms.currency },
				exchangeRate: rate.text,
				updatedAt: now
			})
			.where(eq(checkoutSessions.id, session.id));
		await notifyIntentChanged(tx, intentId);
		return (await findIntentById(tx, intentId))!;
	});
}
