import type { z } from 'zod';
import {
	CheckoutSessionObject,
	CreateCheckoutSessionInput,
	ListCheckoutSessionsQuery
} from '../checkout/schemas';
import type { ErrorCode } from '../errors';

/** Tags group operations in /openapi.json and on /docs, in this order. */
export const TAGS = {
	'Checkout Sessions':
		'A hosted payment page for one purchase. Creating a session returns its `url`; send the shopper there.'
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
	}
];
