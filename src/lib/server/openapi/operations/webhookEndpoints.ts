import { ListWebhookAttemptsQuery, WebhookAttemptObject } from '../../webhooks/delivery/schemas';
import {
	CreateWebhookEndpointInput,
	DeletedWebhookEndpointObject,
	UpdateWebhookEndpointInput,
	WebhookEndpointObject
} from '../../webhooks/schemas';
import type { Operation } from '../Operation';

export const webhookEndpointsOperations: Operation[] = [
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
	}
];
