import { z } from 'zod';
import { DecimalString, HttpUrl, InstantInput, Metadata, Timestamp } from '../api/common';

const ProductData = z.strictObject({
	name: z.string().min(1).max(250),
	description: z.string().max(1000).nullish(),
	images: z.array(HttpUrl).max(8).optional()
});

const LineItemInput = z.strictObject({
	unit_amount: z
		.string()
		.meta({ description: 'Decimal amount per unit in the session currency, e.g. "12.50".' }),
	quantity: z.int().min(1).max(1_000_000),
	product_data: ProductData
});

const DiscountInput = z
	.strictObject({
		name: z.string().min(1).max(100).optional(),
		amount_off: z.string().optional(),
		percent_off: z.number().gt(0).max(100).optional()
	})
	.refine(
		(d) => (d.amount_off === undefined) !== (d.percent_off === undefined),
		'give exactly one of amount_off or percent_off'
	);

const TokenRefInput = z.strictObject({
	chain: z.string().min(1).max(40),
	currency: z.string().min(1).max(20)
});

export const CreateCheckoutSessionInput = z
	.strictObject({
		success_url: HttpUrl,
		cancel_url: HttpUrl,
		return_url: HttpUrl.nullish(),
		currency: z.string().regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO currency code'),
		line_items: z
			.array(LineItemInput)
			.min(1, 'needs at least one line item')
			.max(100, 'may have at most 100 line items'),
		discounts: z.array(DiscountInput).max(20).optional(),
		supported_tokens: z.array(TokenRefInput).min(1).max(50).optional(),
		mode: z.literal('payment').optional(),
		customer_id: z.string().min(1).max(255).nullish(),
		customer_email: z.email().max(320).nullish(),
		client_reference_id: z.string().min(1).max(200).nullish(),
		description: z.string().max(1000).nullish(),
		metadata: Metadata.nullish(),
		expires_at: InstantInput.optional().meta({
			description: 'Unix seconds or ISO 8601; 30 minutes to 24 hours ahead. Default: 1 hour.'
		})
	})
	.meta({ id: 'CreateCheckoutSessionRequest' });

export type CreateCheckoutSessionInput = z.output<typeof CreateCheckoutSessionInput>;

export const TokenObjectSchema = z
	.object({
		name: z.string(),
		chain: z.string(),
		currency: z.string(),
		decimals: z.int(),
		chain_name: z.string(),
		chain_logo_url: z.url(),
		contract_address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
		currency_logo_url: z.url()
	})
	.meta({ id: 'Token' });

export const CheckoutSessionObject = z
	.object({
		id: z.string().regex(/^chk_(test|live)_/),
		object: z.literal('checkout_session'),
		account_id: z.string().regex(/^acct_/),
		livemode: z.boolean(),
		payment_intent_id: z.string().nullable(),
		success_url: z.string(),
		cancel_url: z.string(),
		return_url: z.string().nullable(),
		url: z.url(),
		amount_subtotal: DecimalString,
		amount_total: DecimalString,
		currency: z.string().regex(/^[A-Z]{3}$/),
		chain: z.string().nullable(),
		selected_token: TokenObjectSchema.nullable(),
		supported_tokens: z.array(TokenObjectSchema),
		mode: z.literal('payment'),
		discounts: z.array(
			z.object({
				name: z.string().nullable(),
				amount_off: DecimalString.nullable(),
				percent_off: z.number().nullable(),
				amount: DecimalString
			})
		),
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
		status: z.enum(['open', 'complete', 'expired']),
		customer_id: z.string().nullable(),
		customer_email: z.string().nullable(),
		client_reference_id: z.string().nullable(),
		csrf_token: z.string().regex(/^[0-9a-f]{64}$/),
		description: z.string().nullable(),
		metadata: z.record(z.string(), z.string()).nullable(),
		exchange_rate: DecimalString.nullable(),
		expired_at: Timestamp,
		used_at: Timestamp.nullable(),
		accessed_at: Timestamp.nullable(),
		created_at: Timestamp,
		updated_at: Timestamp
	})
	.meta({ id: 'CheckoutSession' });

export type CheckoutSessionObject = z.output<typeof CheckoutSessionObject>;

export const ListCheckoutSessionsQuery = {
	status: z.enum(['open', 'complete', 'expired']).optional()
};
