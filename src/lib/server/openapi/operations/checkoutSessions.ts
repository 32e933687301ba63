import {
	CheckoutSessionObject,
	CreateCheckoutSessionInput,
	ListCheckoutSessionsQuery
} from '../../checkout/schemas';
import type { Operation } from '../Operation';

export const checkoutSessionsOperations: Operation[] = [
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
