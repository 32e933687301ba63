import { z } from 'zod';
import { LOCALES } from '$lib/i18n/locales';
import { DecimalString, Timestamp } from '../api/common';
import { TokenObjectSchema } from '../checkout/schemas';
import type { allocationObject } from './allocations/listAllocations';
import type { deliveryObject } from './deliveries/listRequestDeliveries';
import type { timelineObject } from './timeline/listRequestTimeline';

/** Response schemas of /api/v1/payment_requests; the builders are checked against them below. */

const Fiat = DecimalString.meta({ description: 'In the request currency.', example: '120.00' });

export const PaymentRequestObject = z
	.object({
		id: z.string().regex(/^pr_[0-9A-Za-z]+$/),
		object: z.literal('payment_request'),
		account_id: z.string().regex(/^acct_/),
		livemode: z.boolean(),
		status: z.enum(['draft', 'open', 'paid', 'canceled']),
		currency: z.string().regex(/^[A-Z]{3}$/),
		amount: Fiat.meta({ description: 'The amount asked for.' }),
		amount_paid: Fiat.meta({ description: 'Applied from confirmed transfers.' }),
		amount_processing: Fiat.meta({
			description: 'Applied from transfers seen but not yet confirmed.'
		}),
		amount_due: Fiat.meta({ description: 'Still to send: amount − paid − processing, ≥ 0.' }),
		line_items: z.array(
			z.object({
				unit_amount: DecimalString,
				quantity: z.int(),
				amount_total: DecimalString,
				product_data: z.object({
					name: z.string(),
					description: z.string().nullable(),
					images: z.array(z.string())
				})
			})
		),
		supported_tokens: z.array(TokenObjectSchema),
		customer_email: z.string().nullable(),
		customer_name: z.string().nullable(),
		description: z.string().nullable(),
		metadata: z.record(z.string(), z.string()).nullable(),
		locale: z.enum(LOCALES),
		due_at: Timestamp.nullable(),
		overdue: z.boolean().meta({ description: 'Open and past `due_at`; the status stays open.' }),
		url: z.url().nullable().meta({ description: 'The public payment page; null while a draft.' }),
		branding: z
			.object({
				display_name: z.string(),
				logo_url: z.string().nullable(),
				accent_color: z.string().nullable(),
				support_email: z.string().nullable()
			})
			.nullable()
			.meta({ description: 'The account’s branding as it was at finalization.' }),
		replaces: z.string().nullable(),
		replaced_by: z.string().nullable(),
		finalized_at: Timestamp.nullable(),
		paid_at: Timestamp.nullable(),
		canceled_at: Timestamp.nullable(),
		created_at: Timestamp,
		updated_at: Timestamp
	})
	.meta({ id: 'PaymentRequest' });

export type PaymentRequestObject = z.output<typeof PaymentRequestObject>;

export const PaymentAllocationObject = z
	.object({
		id: z.string().regex(/^pra_[0-9A-Za-z]+$/),
		object: z.literal('payment_allocation'),
		payment_request_id: z.string(),
		payment_intent_id: z.string(),
		status: z.enum(['processing', 'applied', 'unapplied', 'reverted']),
		currency: z.string().meta({ description: 'The request currency, of the four amounts.' }),
		amount_requested: Fiat.meta({ description: 'What was still due when the transfer came.' }),
		amount_received: Fiat.meta({ description: 'The transfer’s value in the request currency.' }),
		amount_applied: Fiat.meta({ description: 'The part applied to the request.' }),
		amount_unapplied: Fiat.meta({ description: 'The part not applied (see `reason`).' }),
		reason: z
			.enum(['overpayment', 'request_canceled', 'wrong_token', 'wrong_network'])
			.nullable()
			.meta({ description: 'Why some or all of it is unapplied; null otherwise.' }),
		transfer: z.object({
			chain: z.string(),
			currency: z.string(),
			amount: z.string().meta({ description: 'In token units, exact.' }),
			transaction_hash: z.string(),
			log_index: z.int(),
			block_number: z.int(),
			from: z.string(),
			to: z.string(),
			state: z.enum(['pending', 'confirmed', 'final', 'orphaned'])
		}),
		created_at: Timestamp.meta({ description: 'When Kassa first saw the transfer.' }),
		updated_at: Timestamp
	})
	.meta({ id: 'PaymentAllocation' });

export const PaymentRequestDeliveryObject = z
	.object({
		id: z.string().regex(/^prd_[0-9A-Za-z]+$/),
		object: z.literal('payment_request_delivery'),
		payment_request_id: z.string(),
		kind: z.enum(['request', 'reminder', 'receipt']),
		recipient: z.string(),
		locale: z.enum(LOCALES),
		status: z.enum(['pending', 'processing', 'sent', 'failed', 'canceled']),
		attempt_count: z.int().min(0),
		next_attempt_at: Timestamp.nullable(),
		last_attempt_at: Timestamp.nullable(),
		last_error: z.string().nullable(),
		transport: z
			.enum(['smtp', 'file'])
			.nullable()
			.meta({ description: '`file`: written to the outbox directory, not sent.' }),
		sent_at: Timestamp.nullable(),
		created_at: Timestamp,
		updated_at: Timestamp
	})
	.meta({ id: 'PaymentRequestDelivery' });

export const PaymentRequestTimelineEntryObject = z
	.object({
		id: z.string().regex(/^prt_[0-9A-Za-z]+$/),
		object: z.literal('payment_request_timeline_entry'),
		type: z.string().meta({
			description:
				'`payment_request.<created|finalized|canceled|paid|overdue>`, `allocation.<processing|applied|unapplied|reverted>` or `email.<sent|failed|canceled>`.'
		}),
		data: z.record(z.string(), z.unknown()),
		created_at: Timestamp
	})
	.meta({ id: 'PaymentRequestTimelineEntry' });

// The schemas must describe exactly what the builders send (the API tests parse real answers).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _allocation: Same<
	z.output<typeof PaymentAllocationObject>,
	ReturnType<typeof allocationObject>
> = true;
const _delivery: Same<
	z.output<typeof PaymentRequestDeliveryObject>,
	ReturnType<typeof deliveryObject>
> = true;
const _timeline: Same<
	keyof z.output<typeof PaymentRequestTimelineEntryObject>,
	keyof ReturnType<typeof timelineObject>
> = true;
