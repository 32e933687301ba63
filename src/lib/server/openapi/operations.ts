import type { z } from 'zod';
import {
	CheckoutSessionObject,
	CreateCheckoutSessionInput,
	ListCheckoutSessionsQuery
} from '../checkout/schemas';
import type { ErrorCode } from '../errors';
import {
	EventObject,
	EventWithDeliveries,
	ListEventsQuery,
	ResendEventInput
} from '../events/schemas';
import { PaymentIntentObject, PaymentIntentStatusObject } from '../intents/schemas';
import {
	PaymentAllocationObject,
	PaymentRequestDeliveryObject,
	PaymentRequestObject,
	PaymentRequestTimelineEntryObject
} from '../requests/objectSchemas';
import {
	CreatePaymentRequestInput,
	ListDeliveriesQuery,
	ListPaymentRequestsQuery,
	UpdatePaymentRequestInput
} from '../requests/schemas';
import { ListWebhookAttemptsQuery, WebhookAttemptObject } from '../webhooks/delivery/schemas';
import {
	CreateWebhookEndpointInput,
	DeletedWebhookEndpointObject,
	UpdateWebhookEndpointInput,
	WebhookEndpointObject
} from '../webhooks/schemas';

/** Tags group operations in /openapi.json and on /docs, in this order. */
export const TAGS = {
	'Checkout Sessions':
		'A hosted payment page for one purchase. Creating a session returns its `url`; send the shopper there.',
	'Payment Intents':
		'The on-chain side of a session: token, amount and one-time address. Created when the shopper chooses a token on the hosted page.',
	'Webhook Endpoints':
		'URLs Kassa sends signed events to (Standard Webhooks). The signing `secret` is returned on every read.',
	Events:
		'What happened to your objects, kept as sent to your webhook endpoints, with every delivery attempt.',
	'Payment Requests':
		'A receivable: edited as a draft, finalized into an open request with a public payment page `url`, then paid or canceled. Its allocations, e-mails and timeline are readable.'
} as const;

export interface Operation {
	method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
	/** OpenAPI style: `/api/v1/checkout_sessions/{id}`. */
	path: string;
	operationId: string;
	summary: string;
	description?: string;
	tag: keyof typeof TAGS;
	/** The body schema the route parses (converted in `input` io). */
	request?: z.ZodType;
	/** An example body; tests parse it with `request`, /docs turns it into curl. */
	example?: unknown;
	/** Query filters the route parses; list operations get `limit` and `starting_after` too. */
	query?: z.ZodObject | z.ZodRawShape;
	/** The body schema of the success answer (converted in `output` io). */
	response: z.ZodType;
	/** The response is a page of `response` objects in the list envelope. */
	list?: true;
	status?: number;
	/** Codes this operation answers beyond the ones every operation (or every POST/PATCH) can. */
	errors: ErrorCode[];
}

/** Every call may fail on the key or on Kassa itself. */
export const ALWAYS_ERRORS: ErrorCode[] = ['api_key_missing', 'api_key_invalid', 'internal_error'];

/** POST and PATCH read a JSON body and take an Idempotency-Key. */
export const MUTATION_ERRORS: ErrorCode[] = [
	'parameter_invalid',
	'body_invalid',
	'body_too_large',
	'unsupported_media_type',
	'idempotency_key_in_use',
	'idempotency_key_reused'
];

export const OPERATIONS: Operation[] = [
	{
		method: 'POST',
		path: '/api/v1/checkout_sessions',
		operationId: 'createCheckoutSession',
		summary: 'Create a checkout session',
		description:
			'Creates a session and its hosted payment page. `supported_tokens` defaults to every token of the key’s mode that can be priced in `currency`.',
		tag: 'Checkout Sessions',
		request: CreateCheckoutSessionInput,
		example: {
			success_url: 'https://shop.example/success',
			cancel_url: 'https://shop.example/cancel',
			currency: 'usd',
			line_items: [{ unit_amount: '20.00', quantity: 1, product_data: { name: 'T-shirt' } }],
			supported_tokens: [{ chain: 'base', currency: 'USDC' }]
		},
		response: CheckoutSessionObject,
		errors: ['parameter_missing', 'parameter_invalid', 'parameter_unknown']
	},
	{
		method: 'GET',
		path: '/api/v1/checkout_sessions',
		operationId: 'listCheckoutSessions',
		summary: 'List checkout sessions',
		tag: 'Checkout Sessions',
		query: ListCheckoutSessionsQuery,
		response: CheckoutSessionObject,
		list: true,
		errors: ['parameter_invalid', 'parameter_unknown', 'resource_missing']
	},
	{
		method: 'GET',
		path: '/api/v1/checkout_sessions/{id}',
		operationId: 'getCheckoutSession',
		summary: 'Retrieve a checkout session',
		tag: 'Checkout Sessions',
		response: CheckoutSessionObject,
		errors: ['resource_missing']
	},
	{
		method: 'POST',
		path: '/api/v1/checkout_sessions/{id}/expire',
		operationId: 'expireCheckoutSession',
		summary: 'Expire a checkout session',
		description: 'Closes an open session at once; its page stops accepting payment.',
		tag: 'Checkout Sessions',
		response: CheckoutSessionObject,
		errors: ['resource_missing', 'checkout_session_not_open', 'state_conflict']
	},
	{
		method: 'GET',
		path: '/v1/payment_intents',
		operationId: 'listPaymentIntents',
		summary: 'List payment intents',
		tag: 'Payment Intents',
		response: PaymentIntentObject,
		list: true,
		errors: ['parameter_invalid', 'parameter_unknown', 'resource_missing']
	},
	{
		method: 'GET',
		path: '/v1/payment_intents/{id}',
		operationId: 'getPaymentIntent',
		summary: 'Retrieve a payment intent',
		description:
			'The intent with every transfer seen to its address, on any chain and in any registry token.',
		tag: 'Payment Intents',
		response: PaymentIntentObject,
		errors: ['resource_missing']
	},
	{
		method: 'GET',
		path: '/v1/payment_intents/{id}/status',
		operationId: 'getPaymentIntentStatus',
		summary: 'Retrieve a payment intent’s status',
		description:
			'The compact status the hosted page polls. The Bearer token is either the merchant’s secret key (any intent of its account and mode) or the hosted page’s session credential, `<checkout session id>.<mac>`, which reads only the intent of that session. A malformed session credential answers 403 `session_token_invalid`; an intent the credential may not see answers 404, as a missing one does.',
		tag: 'Payment Intents',
		response: PaymentIntentStatusObject,
		errors: ['session_token_invalid', 'resource_missing']
	},
	{
		method: 'POST',
		path: '/v1/webhook_endpoints',
		operationId: 'createWebhookEndpoint',
		summary: 'Create a webhook endpoint',
		description:
			'Registers a URL and generates its signing `secret`. Live mode accepts only https on a public host; test mode also accepts http and private hosts while the operator allows them (`KASSA_ALLOW_PRIVATE_WEBHOOKS`).',
		tag: 'Webhook Endpoints',
		request: CreateWebhookEndpointInput,
		example: { url: 'https://shop.example/kassa/webhooks' },
		response: WebhookEndpointObject,
		errors: ['parameter_missing', 'parameter_invalid', 'parameter_unknown']
	},
	{
		method: 'GET',
		path: '/v1/webhook_endpoints',
		operationId: 'listWebhookEndpoints',
		summary: 'List webhook endpoints',
		tag: 'Webhook Endpoints',
		response: WebhookEndpointObject,
		list: true,
		errors: ['parameter_invalid', 'parameter_unknown', 'resource_missing']
	},
	{
		method: 'GET',
		path: '/v1/webhook_endpoints/{id}',
		operationId: 'getWebhookEndpoint',
		summary: 'Retrieve a webhook endpoint',
		tag: 'Webhook Endpoints',
		response: WebhookEndpointObject,
		errors: ['resource_missing']
	},
	{
		method: 'PATCH',
		path: '/v1/webhook_endpoints/{id}',
		operationId: 'updateWebhookEndpoint',
		summary: 'Update a webhook endpoint',
		description:
			'Changes only the fields sent; `metadata` is merged. `created_at` and `secret` stay, `updated_at` is refreshed.',
		tag: 'Webhook Endpoints',
		request: UpdateWebhookEndpointInput,
		example: { url: 'https://shop.example/kassa/hooks', status: 'enabled' },
		response: WebhookEndpointObject,
		errors: ['parameter_invalid', 'parameter_unknown', 'resource_missing']
	},
	{
		method: 'DELETE',
		path: '/v1/webhook_endpoints/{id}',
		operationId: 'deleteWebhookEndpoint',
		summary: 'Delete a webhook endpoint',
		description:
			'Stops all sending to the endpoint. Afterwards its id answers 404 and it leaves the list.',
		tag: 'Webhook Endpoints',
		response: DeletedWebhookEndpointObject,
		errors: ['resource_missing']
	},
	{
		method: 'GET',
		path: '/v1/webhook_endpoints/{id}/attempts',
		operationId: 'listWebhookAttempts',
		summary: 'List an endpoint’s delivery attempts',
		description: 'Every attempt to send an event to this endpoint, newest first.',
		tag: 'Webhook Endpoints',
		query: ListWebhookAttemptsQuery,
		response: WebhookAttemptObject,
		list: true,
		errors: ['parameter_invalid', 'parameter_unknown', 'resource_missing']
	},
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
	},
	{
		method: 'POST',
		path: '/api/v1/payment_requests',
		operationId: 'createPaymentRequest',
		summary: 'Create a payment request',
		description:
			'Creates a draft. Give `amount` or `line_items`. `supported_tokens` defaults to every token of the key’s mode that can be priced in `currency`.',
		tag: 'Payment Requests',
		request: CreatePaymentRequestInput,
		example: {
			currency: 'usd',
			amount: '120.00',
			customer_email: 'payer@example.com',
			customer_name: 'Ada',
			description: 'Invoice 2026-001',
			due_at: '2030-01-31T12:00:00.000Z'
		},
		response: PaymentRequestObject,
		errors: ['parameter_missing', 'parameter_invalid', 'parameter_unknown', 'resource_missing']
	},
	{
		method: 'GET',
		path: '/api/v1/payment_requests',
		operationId: 'listPaymentRequests',
		summary: 'List payment requests',
		tag: 'Payment Requests',
		query: ListPaymentRequestsQuery,
		response: PaymentRequestObject,
		list: true,
		errors: ['parameter_invalid', 'parameter_unknown', 'resource_missing']
	},
	{
		method: 'GET',
		path: '/api/v1/payment_requests/{id}',
		operationId: 'getPaymentRequest',
		summary: 'Retrieve a payment request',
		tag: 'Payment Requests',
		response: PaymentRequestObject,
		errors: ['resource_missing']
	},
	{
		method: 'PATCH',
		path: '/api/v1/payment_requests/{id}',
		operationId: 'updatePaymentRequest',
		summary: 'Update a draft payment request',
		description:
			'Changes the fields sent; the draft is then checked as a new one would be. Only drafts are editable: correct an open request with a new one that `replaces` it.',
		tag: 'Payment Requests',
		request: UpdatePaymentRequestInput,
		example: { due_at: '2030-02-28T12:00:00.000Z' },
		response: PaymentRequestObject,
		errors: [
			'parameter_missing',
			'parameter_unknown',
			'resource_missing',
			'payment_request_not_editable',
			'state_conflict'
		]
	},
	{
		method: 'POST',
		path: '/api/v1/payment_requests/{id}/finalize',
		operationId: 'finalizePaymentRequest',
		summary: 'Finalize a payment request',
		description:
			'Draft → open: locks the terms, snapshots the account’s branding, returns the public `url` and queues the request e-mail. A request that `replaces` another cancels it in the same transaction (409 `payment_request_has_funds` if the original received funds).',
		tag: 'Payment Requests',
		response: PaymentRequestObject,
		errors: [
			'resource_missing',
			'payment_request_not_editable',
			'payment_request_has_funds',
			'state_conflict'
		]
	},
	{
		method: 'POST',
		path: '/api/v1/payment_requests/{id}/cancel',
		operationId: 'cancelPaymentRequest',
		summary: 'Cancel a payment request',
		description:
			'Cancels a draft or open request and its waiting e-mails. Refused once funds are detected or a transfer is still confirming; addresses already issued stay watched and later funds are listed as unapplied.',
		tag: 'Payment Requests',
		response: PaymentRequestObject,
		errors: [
			'resource_missing',
			'payment_request_not_editable',
			'payment_request_has_funds',
			'state_conflict'
		]
	},
	{
		method: 'GET',
		path: '/api/v1/payment_requests/{id}/payments',
		operationId: 'listPaymentAllocations',
		summary: 'List a payment request’s allocations',
		description:
			'One row per transfer seen to any address issued for the request: what was due, received, applied and left unapplied.',
		tag: 'Payment Requests',
		response: PaymentAllocationObject,
		list: true,
		errors: ['parameter_invalid', 'parameter_unknown', 'resource_missing']
	},
	{
		method: 'GET',
		path: '/api/v1/payment_requests/{id}/deliveries',
		operationId: 'listPaymentRequestDeliveries',
		summary: 'List a payment request’s e-mails',
		tag: 'Payment Requests',
		query: ListDeliveriesQuery,
		response: PaymentRequestDeliveryObject,
		list: true,
		errors: ['parameter_invalid', 'parameter_unknown', 'resource_missing']
	},
	{
		method: 'GET',
		path: '/api/v1/payment_requests/{id}/timeline',
		operationId: 'listPaymentRequestTimeline',
		summary: 'List a payment request’s timeline',
		description:
			'Transitions, allocation events and e-mail attempts, newest first. Entry ids are stable.',
		tag: 'Payment Requests',
		response: PaymentRequestTimelineEntryObject,
		list: true,
		errors: ['parameter_invalid', 'parameter_unknown', 'resource_missing']
	}
];
