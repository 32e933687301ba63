import { z } from 'zod';
import { LOCALES } from '$lib/i18n/locales';
import { HttpUrl, InstantInput, Metadata } from '../api/common';

/** Request bodies and query filters of /api/v1/payment_requests (responses: objectSchemas.ts). */

const LineItemInput = z.strictObject({
	unit_amount: z
		.string()
		.meta({ description: 'Decimal amount per unit in the request currency, e.g. "12.50".' }),
	quantity: z.int().min(1).max(1_000_000),
	product_data: z.strictObject({
		name: z.string().min(1).max(250),
		description: z.string().max(1000).nullish(),
		images: z.array(HttpUrl).max(8).optional()
	})
});

const TokenRefInput = z.strictObject({
	chain: z.string().min(1).max(40),
	currency: z.string().min(1).max(20)
});

const RequestId = z.string().regex(/^pr_[0-9A-Za-z]{1,64}$/, 'must be a payment request id');

const fields = {
	amount: z
		.string()
		.meta({ description: 'The amount asked for, e.g. "120.00"; give this or `line_items`.' }),
	line_items: z
		.array(LineItemInput)
		.min(1, 'needs at least one line item')
		.max(100, 'may have at most 100 line items')
		.meta({ description: 'What is billed; the amount is their sum. Give this or `amount`.' }),
	supported_tokens: z.array(TokenRefInput).min(1).max(50),
	customer_email: z.email().max(320).nullish(),
	customer_name: z.string().min(1).max(200).nullish(),
	description: z.string().max(1000).nullish(),
	metadata: Metadata.nullish(),
	due_at: InstantInput.nullish().meta({
		description: 'Unix seconds or ISO 8601, in the future. A reminder goes out a day before.'
	}),
	locale: z.enum(LOCALES).meta({ description: 'Language of the e-mails. Default `en`.' }),
	replaces: RequestId.nullish().meta({
		description: 'An open request this one corrects; finalizing this one cancels it.'
	})
};

const currency = z.string().regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO currency code');

export const CreatePaymentRequestInput = z
	.strictObject({
		currency,
		amount: fields.amount.optional(),
		line_items: fields.line_items.optional(),
		supported_tokens: fields.supported_tokens.optional(),
		customer_email: fields.customer_email,
		customer_name: fields.customer_name,
		description: fields.description,
		metadata: fields.metadata,
		due_at: fields.due_at,
		locale: fields.locale.optional(),
		replaces: fields.replaces
	})
	.meta({ id: 'CreatePaymentRequestRequest' });

export type CreatePaymentRequestInput = z.output<typeof CreatePaymentRequestInput>;

export const UpdatePaymentRequestInput = z
	.strictObject({
		currency: currency.optional(),
		amount: fields.amount.optional(),
		line_items: fields.line_items.optional(),
		supported_tokens: fields.supported_tokens.optional(),
		customer_email: fields.customer_email,
		customer_name: fields.customer_name,
		description: fields.description,
		metadata: fields.metadata.meta({
			description: 'Merged into the stored metadata; a key set to "" is removed, null clears all.'
		}),
		due_at: fields.due_at,
		locale: fields.locale.optional(),
		replaces: fields.replaces
	})
	.meta({ id: 'UpdatePaymentRequestRequest' });

export type UpdatePaymentRequestInput = z.output<typeof UpdatePaymentRequestInput>;

export const ListPaymentRequestsQuery = {
	status: z.enum(['draft', 'open', 'paid', 'canceled']).optional()
};

export const ListDeliveriesQuery = {
	status: z.enum(['pending', 'processing', 'sent', 'failed', 'canceled']).optional()
};
