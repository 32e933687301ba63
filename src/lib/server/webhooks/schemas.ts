import { z } from 'zod';
import { HttpUrl, Metadata, Timestamp } from '../api/common';
import { ALL_EVENTS, EVENT_TYPES } from './eventTypes';

const EnabledEvent = z.enum([ALL_EVENTS, ...EVENT_TYPES], {
	error: (issue) => `unknown event type '${String(issue.input)}'`
});

const EnabledEvents = z
	.array(EnabledEvent)
	.max(100)
	.meta({ description: 'Event types to receive; `*` or an empty array means every event.' });

const Description = z.string().max(5000);

const Status = z.enum(['enabled', 'disabled']);

export const CreateWebhookEndpointInput = z
	.strictObject({
		url: HttpUrl.meta({ description: 'Live mode: https on a public host.' }),
		description: Description.nullish(),
		enabled_events: EnabledEvents.optional(),
		metadata: Metadata.nullish()
	})
	.meta({ id: 'CreateWebhookEndpointRequest' });

export type CreateWebhookEndpointInput = z.output<typeof CreateWebhookEndpointInput>;

export const UpdateWebhookEndpointInput = z
	.strictObject({
		url: HttpUrl.optional(),
		description: Description.nullish().meta({ description: 'null or "" clears it.' }),
		enabled_events: EnabledEvents.optional(),
		metadata: Metadata.nullish().meta({
			description: 'Merged into the stored metadata; a key set to "" is removed, null clears all.'
		}),
		status: Status.optional()
	})
	.meta({ id: 'UpdateWebhookEndpointRequest' });

export type UpdateWebhookEndpointInput = z.output<typeof UpdateWebhookEndpointInput>;

export const WebhookEndpointObject = z
	.object({
		id: z.string().regex(/^we_[0-9A-Za-z]+$/),
		object: z.literal('webhook_endpoint'),
		account_id: z.string().regex(/^acct_/),
		livemode: z.boolean(),
		url: z.string(),
		enabled_events: z.array(EnabledEvent),
		description: z.string().nullable(),
		secret: z
			.string()
			.regex(/^whsec_[A-Za-z0-9+/]+=*$/)
			.meta({ description: 'Standard Webhooks signing secret.' }),
		metadata: z.record(z.string(), z.string()),
		status: Status,
		created_at: Timestamp,
		updated_at: Timestamp
	})
	.meta({ id: 'WebhookEndpoint' });

export type WebhookEndpointObject = z.output<typeof WebhookEndpointObject>;

export const DeletedWebhookEndpointObject = z
	.object({ id: z.string(), object: z.literal('webhook_endpoint'), deleted: z.literal(true) })
	.meta({ id: 'DeletedWebhookEndpoint' });

export type DeletedWebhookEndpointObject = z.output<typeof DeletedWebhookEndpointObject>;
