import { randomBytes } from 'node:crypto';
import type { Principal } from '../accounts/accounts';
import { KassaError } from '../errors';
import { newId } from '../ids/newId';
import { isKnownCurrency } from '../money/currencies';
import { chooseTokens } from '../rates/chooseTokens';
import type { Kassa } from '../runtime/Kassa';
import { priceSession } from './priceSession';
import { insertSession } from './repo';
import type { CreateCheckoutSessionInput } from './schemas';
import { sessionObject } from './sessionObject';

const MINUTE = 60_000;
export const DEFAULT_LIFETIME_MS = 60 * MINUTE;
const MIN_LIFETIME_MS = 30 * MINUTE;
const MAX_LIFETIME_MS = 24 * 60 * MINUTE;

export async function createCheckoutSession(
	kassa: Kassa,
	principal: Principal,
	input: CreateCheckoutSessionInput
) {
	const currency = input.currency.toUpperCase();
	if (!isKnownCurrency(currency)) {
		throw new KassaError('parameter_invalid', `Unknown currency: ${input.currency}.`, {
			param: 'currency'
		});
	}
	const tokens = chooseTokens(kassa, principal.mode, currency, input.supported_tokens);
	const price = priceSession(input, currency);
	const now = new Date();
	const expiresAt = lifetime(now, input.expires_at);
	const row = await insertSession(kassa.db, {
		id: newId(`chk_${principal.mode}`),
		accountId: principal.accountId,
		mode: principal.mode,
		status: 'open',
		currency,
		amountSubtotal: price.subtotal,
		amountTotal: price.total,
		lineItems: price.lineItems,
		discounts: price.discounts,
		supportedTokens: tokens,
		successUrl: input.success_url,
		cancelUrl: input.cancel_url,
		returnUrl: input.return_url ?? null,
		customerId: input.customer_id ?? null,
		customerEmail: input.customer_email ?? null,
		clientReferenceId: input.client_reference_id ?? null,
		description: input.description ?? null,
		metadata: input.metadata ?? null,
		csrfToken: randomBytes(32).toString('hex'),
		expiresAt,
		createdAt: now,
		updatedAt: now
	});
	return sessionObject(kassa, row);
}

function lifetime(now: Date, requested: Date | undefined): Date {
	if (!requested) return new Date(now.getTime() + DEFAULT_LIFETIME_MS);
	const ms = requested.getTime() - now.getTime();
	if (ms < MIN_LIFETIME_MS - MINUTE || ms > MAX_LIFETIME_MS + MINUTE) {
		throw new KassaError(
			'parameter_invalid',
			'expires_at must be between 30 minutes and 24 hours from now.',
			{ param: 'expires_at' }
		);
	}
	return new Date(Math.min(Math.max(ms, MIN_LIFETIME_MS), MAX_LIFETIME_MS) + now.getTime());
}
