import {
	PaymentAllocationObject,
	PaymentRequestDeliveryObject,
	PaymentRequestObject,
	PaymentRequestTimelineEntryObject
} from '../../requests/objectSchemas';
import {
	CreatePaymentRequestInput,
	ListDeliveriesQuery,
	ListPaymentRequestsQuery,
	UpdatePaymentRequestInput
} from '../../requests/schemas';
import type { Operation } from '../Operation';

export const paymentRequestsOperations: Operation[] = [
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
