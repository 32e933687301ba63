import { z } from 'zod';
import { WebhookDeliveryObject } from '../webhooks/delivery/schemas';
import { EVENT_TYPES, isEventType } from '../webhooks/eventTypes';

const GROUPS = [...new Set(EVENT_TYPES.map((type) => type.slice(0, type.indexOf('.'))))];

export const ListEventsQuery = {
	type: z
		.string()
		.refine(
			(value) => isEventType(value) || GROUPS.some((group) => value === `${group}.*`),
			'must be an event type of the catalogue or a group such as `payment_intent.*`'
		)
		.optional()
};

export const EventObject = z
	.object({
		id: z.string().regex(/^evt_[0-9A-Za-z]+$/),
		object: z.literal('event'),
		type: z.enum(EVENT_TYPES),
		created: z.int().meta({ description: 'Unix seconds.' }),
		livemode: z.boolean(),
		data: z.object({
			object: z
				.looseObject({ id: z.string(), object: z.string() })
				.meta({ description: 'The object as the API returned it when the event happened.' })
		})
	})
	.meta({ id: 'Event' });

export const EventWithDeliveries = EventObject.extend({
	deliveries: z
		.array(WebhookDeliveryObject)
		.meta({ description: 'One per endpoint the event was sent to, with every attempt.' })
}).meta({ id: 'EventWithDeliveries' });

/** A resend takes no parameters: every enabled endpoint that subscribes gets the event again. */
export const ResendEventInput = z.strictObject({}).meta({ id: 'ResendEventRequest' });
