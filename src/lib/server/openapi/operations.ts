import type { ErrorCode } from '../errors';
import type { Operation } from './Operation';
import { checkoutSessionsOperations } from './operations/checkoutSessions';
import { paymentIntentsOperations } from './operations/paymentIntents';
import { webhookEndpointsOperations } from './operations/webhookEndpoints';
import { eventsOperations } from './operations/events';
import { paymentRequestsOperations } from './operations/paymentRequests';

export { TAGS, type Operation } from './Operation';

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
	...checkoutSessionsOperations,
	...paymentIntentsOperations,
	...webhookEndpointsOperations,
	...eventsOperations,
	...paymentRequestsOperations
];
