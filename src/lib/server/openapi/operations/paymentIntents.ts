import { PaymentIntentObject, PaymentIntentStatusObject } from '../../intents/schemas';
import type { Operation } from '../Operation';

export const paymentIntentsOperations: Operation[] = [
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
	}
];
