import { z } from 'zod';
import { Timestamp } from '../api/common';
import type { intentObject, intentStatusBody } from './intentObject';

/** Response schemas of /v1/payment_intents; `schemas.test.ts` checks them against intentObject.ts. */

const IntentStatus = z.enum([
	'requires_payment_method',
	'requires_confirmation',
	'requires_additional_payment',
	'confirmed',
	'succeeded',
	'cancelled',
	'failed'
]);

const TransferState = z.enum(['pending', 'confirmed', 'final', 'orphaned']);

const Address = z.string().regex(/^0x[0-9a-f]{40}$/);

const TxHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

/** Token units: at least two decimals, no trailing zeros beyond them ("20.00", "0.000001"). */
const TokenAmount = z
	.string()
	.regex(/^\d+\.\d{2,}$/)
	.meta({ example: '20.00' });

const IntentId = z.string().regex(/^pay_[0-9A-Za-z]+$/);

const ExpiredAt = Timestamp.meta({
	description:
		'When the intent expires, judged by chain time: it expires once its chain has a block stamped at or after this instant.'
});

const Confirmations = z.int().meta({
	description:
		'Depth of the latest transfer (a paying one when there is one): blocks from its block to the newest processed block, both included; 0 before any transfer.'
});

const LatestTransactionHash = TxHash.nullable().meta({
	description:
		'Hash of the latest transfer seen for the intent (a paying one when there is one); null before any.'
});

const Transfer = z.object({
	chain: z.string(),
	chain_id: z.int(),
	currency: z.string(),
	contract_address: Address,
	transaction_hash: TxHash,
	log_index: z.int(),
	block_number: z.int(),
	from: Address,
	amount: TokenAmount,
	state: TransferState.meta({
		description:
			'`pending` below the required confirmations, then `confirmed`, then `final`; `orphaned` when a reorganisation dropped its block.'
	}),
	applies: z.boolean().meta({
		description:
			'Paid in the intent’s token on the intent’s chain, so it counts toward the amount. False for a wrong token or a wrong network (recorded, not counted).'
	}),
	late: z.boolean().meta({
		description:
			'Arrived after the intent reached a final state (`succeeded`, `cancelled` or `failed`); counted in `amount_late`, never in `amount_received`.'
	}),
	seen_at: Timestamp.meta({ description: 'When Kassa first recorded the transfer.' })
});

export const PaymentIntentObject = z
	.object({
		id: IntentId,
		object: z.literal('payment_intent'),
		amount: TokenAmount.meta({ description: 'The amount to pay, in token units.' }),
		currency: z.string().meta({ description: 'The token, e.g. `USDC`.' }),
		chain: z.string().meta({ description: 'The chain name, e.g. `base`.' }),
		status: IntentStatus,
		one_time_address: Address.meta({
			description: 'The deposit address issued for this intent only (lowercase hex).'
		}),
		created: z.int().meta({ description: 'Unix time in seconds.' }),
		livemode: z.boolean(),
		checkout_session_id: z.string().nullable(),
		chain_id: z.int().meta({ description: 'The EVM chain id the intent is paid on.' }),
		contract_address: Address.meta({ description: 'The token contract (lowercase hex).' }),
		amount_received: TokenAmount.meta({
			description:
				'Paying transfers seen (pending or deeper), not orphaned and not late, in token units.'
		}),
		amount_confirmed: TokenAmount.meta({
			description: 'The part of `amount_received` at the required confirmations (final included).'
		}),
		amount_due: TokenAmount.meta({
			description: '`amount` minus `amount_received`, never below 0.00.'
		}),
		amount_late: TokenAmount.meta({
			description:
				'Transfers recorded after the intent reached a final state; they never change its status.'
		}),
		confirmations: Confirmations,
		required_confirmations: z.int().meta({
			description: 'The depth at which a transfer counts as confirmed on this chain.'
		}),
		exchange_rate: z
			.string()
			.regex(/^\d+(\.\d+)?$/)
			.meta({ description: 'Token units per one unit of the session currency, locked.' }),
		expired_at: ExpiredAt,
		latest_transaction_hash: LatestTransactionHash,
		transfers: z.array(Transfer).meta({
			description:
				'Every transfer of any registry token seen to `one_time_address` on any chain, oldest first.'
		}),
		updated_at: Timestamp
	})
	.meta({ id: 'PaymentIntent' });

export type PaymentIntentObject = z.output<typeof PaymentIntentObject>;

export const PaymentIntentStatusObject = z
	.object({
		id: IntentId,
		object: z.literal('payment_intent_status'),
		status: IntentStatus,
		amount: TokenAmount,
		amount_received: TokenAmount.meta({
			description: 'Paying transfers seen, not orphaned and not late, in token units.'
		}),
		amount_due: TokenAmount.meta({
			description: '`amount` minus `amount_received`, never below 0.00.'
		}),
		currency: z.string(),
		chain: z.string(),
		confirmations: Confirmations,
		required_confirmations: z.int(),
		expired_at: ExpiredAt,
		checkout_session_status: z
			.enum(['open', 'complete', 'expired'])
			.nullable()
			.meta({ description: 'The status of the intent’s checkout session; null without one.' }),
		latest_transaction_hash: LatestTransactionHash
	})
	.meta({ id: 'PaymentIntentStatus' });

export type PaymentIntentStatusObject = z.output<typeof PaymentIntentStatusObject>;

// The schemas must name exactly the keys intentObject.ts sends (schemas.test.ts checks the values).
type SameKeys<A, B> = [keyof A] extends [keyof B]
	? [keyof B] extends [keyof A]
		? true
		: false
	: false;
type Built = ReturnType<typeof intentObject>;
const _intentKeys: SameKeys<PaymentIntentObject, Built> = true;
const _transferKeys: SameKeys<
	PaymentIntentObject['transfers'][number],
	Built['transfers'][number]
> = true;
const _statusKeys: SameKeys<PaymentIntentStatusObject, ReturnType<typeof intentStatusBody>> = true;
