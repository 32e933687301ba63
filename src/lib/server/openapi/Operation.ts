import type { z } from 'zod';
import type { ErrorCode } from '../errors';

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
