import {
	EventObject,
	EventWithDeliveries,
	ListEventsQuery,
	ResendEventInput
} from '../../events/schemas';
import type { Operation } from '../Operation';

export const eventsOperations: Operation[] = [
	{
		method: 'GET',
		path: '/v1/events',
		operationId: 'listEvents',
		summary: 'List events',
		tag: 'Events',
		query: ListEventsQuery,
		response: EventObject,
		list: true,
		errors: ['parameter_invalid', 'parameter_unknown', 'resource_missing']
	},
	{
		method: 'GET',
		path: '/v1/events/{id}',
		operationId: 'getEvent',
		summary: 'Retrieve an event',
		description: 'The event with its deliveries, one per endpoint, and their attempts.',
		tag: 'Events',
		response: EventWithDeliveries,
		errors: ['resource_missing']
	},
	{
		method: 'POST',
		path: '/v1/events/{id}/resend',
		operationId: 'resendEvent',
		summary: 'Resend an event',
		description:
			'Sends the event again, now, to every enabled endpoint that subscribes to its type (a new delivery for an endpoint added since). Same event id, so the same `webhook-id`.',
		tag: 'Events',
		request: ResendEventInput,
		example: {},
		response: EventWithDeliveries,
		errors: ['parameter_unknown', 'resource_missing', 'state_conflict']
	}
];
