import { z } from 'zod';
import { Timestamp } from '../../api/common';

export const WebhookAttemptObject = z
	.object({
		id: z.string().regex(/^wha_[0-9A-Za-z]+$/),
		object: z.literal('webhook_attempt'),
		event_id: z.string().regex(/^evt_/),
		webhook_endpoint_id: z.string().regex(/^we_/),
		attempt: z
			.int()
			.min(1)
			.meta({ description: '1 for the first try of this delivery, then 2, 3, …' }),
		created_at: Timestamp.meta({ description: 'When the attempt started.' }),
		succeeded: z.boolean().meta({ description: 'The endpoint answered 2xx within 15 seconds.' }),
		status_code: z.int().nullable().meta({ description: 'null when no HTTP answer came.' }),
		latency_ms: z.int().min(0),
		error: z.string().nullable()
	})
	.meta({ id: 'WebhookAttempt' });

export type WebhookAttemptObject = z.output<typeof WebhookAttemptObject>;

export const WebhookDeliveryObject = z
	.object({
		id: z.string().regex(/^whd_[0-9A-Za-z]+$/),
		object: z.literal('webhook_delivery'),
		webhook_endpoint_id: z.string().regex(/^we_/),
		status: z.enum(['pending', 'succeeded', 'failed', 'disabled']),
		attempt_count: z.int().min(0),
		next_attempt_at: Timestamp.nullable(),
		last_attempt_at: Timestamp.nullable(),
		last_status_code: z.int().nullable(),
		last_error: z.string().nullable(),
		attempts: z.array(WebhookAttemptObject)
	})
	.meta({ id: 'WebhookDelivery' });

export type WebhookDeliveryObject = z.output<typeof WebhookDeliveryObject>;

export const ListWebhookAttemptsQuery = {
	event: z
		.string()
		.regex(/^evt_[0-9A-Za-z]+$/)
		.optional()
};
