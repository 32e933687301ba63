import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAttempts } from '../../src/lib/server/db/tables/webhooks';
import { ERROR_CODES } from '../../src/lib/server/errors';
import { recordEvent } from '../../src/lib/server/events/recordEvent';
import { buildOpenApiDocument } from '../../src/lib/server/openapi/buildOpenApiDocument';
import type { JsonSchema, OpenApiDocument } from '../../src/lib/server/openapi/OpenApiDocument';
import { OPERATIONS } from '../../src/lib/server/openapi/operations';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import * as collection from '../../src/routes/api/v1/checkout_sessions/+server';
import * as one from '../../src/routes/api/v1/checkout_sessions/[id]/+server';
import * as expire from '../../src/routes/api/v1/checkout_sessions/[id]/expire/+server';
import * as openapi from '../../src/routes/openapi.json/+server';
import * as events from '../../src/routes/v1/events/+server';
import * as event from '../../src/routes/v1/events/[id]/+server';
import * as resend from '../../src/routes/v1/events/[id]/resend/+server';
import * as paymentIntents from '../../src/routes/v1/payment_intents/+server';
import * as paymentIntent from '../../src/routes/v1/payment_intents/[id]/+server';
import * as paymentIntentStatus from '../../src/routes/v1/payment_intents/[id]/status/+server';
import * as webhookEndpoints from '../../src/routes/v1/webhook_endpoints/+server';
import * as webhookEndpoint from '../../src/routes/v1/webhook_endpoints/[id]/+server';
import * as attempts from '../../src/routes/v1/webhook_endpoints/[id]/attempts/+server';
import { callRoute } from '../support/callRoute';
import { merchant } from '../support/merchant';
import { testKassa } from '../support/testKassa';

let kassa: Kassa;
let shop: Awaited<ReturnType<typeof merchant>>;
let doc: OpenApiDocument;
beforeAll(async () => {
	kassa = await testKassa();
	shop = await merchant(kassa);
	doc = buildOpenApiDocument(kassa.config.publicBaseUrl);
});
afterAll(() => kassa.close());

const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;

// Resources whose authors are adding their operations to operations.ts right now; delete an entry once they are there.
const PENDING: string[] = [];

/** Follows a local JSON pointer such as `#/components/schemas/Token`. */
function resolve(pointer: string): unknown {
	return pointer
		.slice(2)
		.split('/')
		.reduce<unknown>(
			(node, key) =>
				node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
			doc
		);
}

function refsIn(node: unknown): string[] {
	if (Array.isArray(node)) return node.flatMap(refsIn);
	if (!node || typeof node !== 'object') return [];
	return Object.entries(node).flatMap(([key, value]) =>
		key === '$ref' && typeof value === 'string' ? [value] : refsIn(value)
	);
}

const kindOf = (value: unknown) =>
	value === null
		? 'null'
		: Array.isArray(value)
			? 'array'
			: Number.isInteger(value)
				? 'integer'
				: typeof value;

/** Where `value` strays from `schema`: unknown or missing keys, primitive types, consts, enums, patterns. */
function mismatches(value: unknown, schema: JsonSchema | boolean | undefined, at = '$'): string[] {
	if (schema === undefined || typeof schema === 'boolean') return [];
	if (schema.$ref) return mismatches(value, resolve(schema.$ref) as JsonSchema, at);
	if (schema.anyOf)
		return schema.anyOf.some((branch) => mismatches(value, branch, at).length === 0)
			? []
			: [`${at}: matches no branch of anyOf`];
	if (schema.const !== undefined && value !== schema.const)
		return [`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`];
	if (schema.enum && !schema.enum.includes(value as string))
		return [`${at}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`];
	const kind = kindOf(value);
	const types = [schema.type ?? []].flat();
	if (
		types.length &&
		!types.includes(kind as never) &&
		!(kind === 'integer' && types.includes('number'))
	)
		return [`${at}: ${kind}, expected ${types.join(' or ')}`];
	if (typeof value === 'string' && schema.pattern && !new RegExp(schema.pattern).test(value))
		return [`${at}: '${value}' does not match ${schema.pattern}`];
	if (Array.isArray(value))
		return value.flatMap((item, i) => mismatches(item, schema.items as JsonSchema, `${at}[${i}]`));
	if (kind !== 'object') return [];
	const object = value as Record<string, unknown>;
	const properties = schema.properties ?? {};
	return [
		...(schema.required ?? [])
			.filter((key) => !(key in object))
			.map((key) => `${at}.${key}: missing`),
		...Object.entries(object).flatMap(([key, inner]) =>
			key in properties
				? mismatches(inner, properties[key], `${at}.${key}`)
				: schema.additionalProperties !== undefined
					? mismatches(inner, schema.additionalProperties, `${at}.${key}`)
					: [`${at}.${key}: not in the schema`]
		)
	];
}

const responseSchema = (path: string, method: string, status: number) =>
	doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;

describe('GET /openapi.json', () => {
	it('serves the document publicly, as JSON, cacheable for five minutes', async () => {
		const res = await callRoute(openapi.GET, { path: '/openapi.json' });
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
		expect(res.headers.get('cache-control')).toBe('public, max-age=300');
		expect(res.json).toEqual(JSON.parse(JSON.stringify(doc)));
		expect(res.json.servers).toEqual([{ url: 'http://kassa.test' }]);
	});
});

describe('the document', () => {
	it('is OpenAPI 3.1 with every operation, each secured by the bearer key and answering', () => {
		expect(doc.openapi).toBe('3.1.0');
		expect(doc.info).toMatchObject({
			title: 'Kassa',
			version: expect.stringMatching(/^\d+\.\d+\.\d+/)
		});
		expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
			type: 'http',
			scheme: 'bearer'
		});
		expect(new Set(OPERATIONS.map((op) => op.operationId)).size).toBe(OPERATIONS.length);
		for (const op of OPERATIONS) {
			const operation = doc.paths[op.path]?.[op.method.toLowerCase()];
			expect(operation, `${op.method} ${op.path}`).toBeDefined();
			expect(operation!.security).toContainEqual({ bearerAuth: [] });
			expect(Object.keys(operation!.responses).some((status) => /^2\d\d$/.test(status))).toBe(true);
			const names = operation!.parameters.map((p) => ('$ref' in p ? p.$ref : p.name));
			for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) expect(names).toContain(name);
			const mutation = op.method === 'POST' || op.method === 'PATCH';
			expect(names.includes('#/components/parameters/IdempotencyKey')).toBe(mutation);
			expect(
				Object.values(operation!.responses)[0]!.headers?.['Idempotent-Replayed'] !== undefined
			).toBe(mutation);
		}
	});

	it('resolves every $ref to a component', () => {
		const refs = refsIn(doc);
		expect(refs.length).toBeGreaterThan(10);
		for (const ref of refs) {
			expect(ref, ref).toMatch(/^#\/components\/(schemas|parameters|headers)\/\w+$/);
			expect(resolve(ref), ref).toBeTypeOf('object');
		}
		expect(Object.keys(doc.components.schemas)).toEqual(
			expect.arrayContaining([
				'CheckoutSession',
				'Token',
				'CreateCheckoutSessionRequest',
				'CheckoutSessionList',
				'PaymentIntent',
				'PaymentIntentList',
				'PaymentIntentStatus',
				'WebhookEndpoint',
				'WebhookEndpointList',
				'DeletedWebhookEndpoint',
				'CreateWebhookEndpointRequest',
				'UpdateWebhookEndpointRequest',
				'Error'
			])
		);
	});

	it('takes the error envelope enums from errors.ts and lists each code under its status', () => {
		const error = resolve('#/components/schemas/Error/properties/error/properties') as Record<
			string,
			JsonSchema
		>;
		expect(error.code!.enum).toEqual(Object.keys(ERROR_CODES));
		expect(new Set(error.type!.enum)).toEqual(
			new Set(Object.values(ERROR_CODES).map(([, type]) => type))
		);
		for (const [path, item] of Object.entries(doc.paths)) {
			for (const operation of Object.values(item)) {
				for (const [status, response] of Object.entries(operation.responses)) {
					for (const code of response['x-error-codes'] ?? [])
						expect(ERROR_CODES[code as keyof typeof ERROR_CODES][0], `${path} ${code}`).toBe(
							Number(status)
						);
				}
			}
		}
	});

	it('has examples the request schemas accept', () => {
		for (const op of OPERATIONS.filter((o) => o.example !== undefined)) {
			expect(op.request!.safeParse(op.example).success, op.operationId).toBe(true);
		}
	});

	it('documents every merchant API route', () => {
		const routes = import.meta.glob<Record<string, unknown>>(
			'../../src/routes/{api,v1}/**/+server.ts',
			{ eager: true }
		);
		const documented = new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`));
		const served = Object.entries(routes).flatMap(([file, module]) => {
			const path = file
				.replace(/^.*\/src\/routes/, '')
				.replace(/\/\+server\.ts$/, '')
				.replace(/\/\([^)]+\)/g, '')
				.replace(/\[(\w+)\]/g, '{$1}');
			return METHODS.filter((method) => method in module).map((method) => `${method} ${path}`);
		});
		expect(served.length).toBeGreaterThan(0);
		const pending = (route: string) =>
			PENDING.some((prefix) => route.split(' ')[1]!.startsWith(prefix));
		expect(served.filter((route) => !documented.has(route) && !pending(route))).toEqual([]);
	});
});

describe('real answers match the document', () => {
	const body = {
		success_url: 'https://shop.example/success',
		cancel_url: 'https://shop.example/cancel',
		return_url: 'https://shop.example/back',
		currency: 'usd',
		line_items: [
			{
				unit_amount: '20.00',
				quantity: 2,
				product_data: {
					name: 'T-shirt',
					description: 'Cotton',
					images: ['https://shop.example/t.png']
				}
			}
		],
		discounts: [{ name: 'Welcome', amount_off: '1.00' }],
		supported_tokens: [{ chain: 'base', currency: 'USDC' }],
		customer_email: 'buyer@example.com',
		description: 'Order 7',
		metadata: { order: '7' }
	};
	const create = (payload: unknown) =>
		callRoute(collection.POST, {
			method: 'POST',
			path: '/api/v1/checkout_sessions',
			key: shop.testKey,
			body: payload
		});

	it('creates a session with exactly the CheckoutSession properties, required ones present, typed', async () => {
		const component = doc.components.schemas.CheckoutSession!;
		for (const payload of [
			body,
			OPERATIONS.find((op) => op.operationId === 'createCheckoutSession')!.example
		]) {
			const res = await create(payload);
			expect(res.status).toBe(200);
			expect(Object.keys(res.json).sort()).toEqual(Object.keys(component.properties!).sort());
			for (const key of component.required ?? []) expect(res.json).toHaveProperty(key);
			expect(
				mismatches(res.json, responseSchema('/api/v1/checkout_sessions', 'post', 200))
			).toEqual([]);
		}
	});

	it('lists, reads and expires in the documented shapes', async () => {
		const { id } = (await create(body)).json;
		const list = await callRoute(collection.GET, {
			path: '/api/v1/checkout_sessions?limit=2',
			key: shop.testKey
		});
		expect(mismatches(list.json, responseSchema('/api/v1/checkout_sessions', 'get', 200))).toEqual(
			[]
		);
		const read = await callRoute(one.GET, {
			path: `/api/v1/checkout_sessions/${id}`,
			params: { id },
			key: shop.testKey
		});
		expect(
			mismatches(read.json, responseSchema('/api/v1/checkout_sessions/{id}', 'get', 200))
		).toEqual([]);
		const expired = await callRoute(expire.POST, {
			method: 'POST',
			path: `/api/v1/checkout_sessions/${id}/expire`,
			params: { id },
			key: shop.testKey
		});
		expect(
			mismatches(expired.json, responseSchema('/api/v1/checkout_sessions/{id}/expire', 'post', 200))
		).toEqual([]);
	});

	it('creates, lists, reads, updates and deletes webhook endpoints in the documented shapes', async () => {
		const component = doc.components.schemas.WebhookEndpoint!;
		const example = OPERATIONS.find((op) => op.operationId === 'createWebhookEndpoint')!.example;
		for (const payload of [
			example,
			{
				url: 'https://hooks.shop.example/kassa',
				description: 'Orders',
				enabled_events: ['payment_intent.succeeded'],
				metadata: { team: 'ops' }
			}
		]) {
			const res = await callRoute(webhookEndpoints.POST, {
				method: 'POST',
				path: '/v1/webhook_endpoints',
				key: shop.testKey,
				body: payload
			});
			expect(res.status).toBe(200);
			expect(Object.keys(res.json).sort()).toEqual(Object.keys(component.properties!).sort());
			for (const key of component.required ?? []) expect(res.json).toHaveProperty(key);
			expect(mismatches(res.json, responseSchema('/v1/webhook_endpoints', 'post', 200))).toEqual(
				[]
			);
		}
		const list = await callRoute(webhookEndpoints.GET, {
			path: '/v1/webhook_endpoints?limit=2',
			key: shop.testKey
		});
		expect(list.json.data).toHaveLength(2);
		expect(mismatches(list.json, responseSchema('/v1/webhook_endpoints', 'get', 200))).toEqual([]);
		const { id } = list.json.data[0];
		const path = `/v1/webhook_endpoints/${id}`;
		const read = await callRoute(webhookEndpoint.GET, { path, params: { id }, key: shop.testKey });
		const updated = await callRoute(webhookEndpoint.PATCH, {
			method: 'PATCH',
			path,
			params: { id },
			key: shop.testKey,
			body: OPERATIONS.find((op) => op.operationId === 'updateWebhookEndpoint')!.example
		});
		const deleted = await callRoute(webhookEndpoint.DELETE, {
			method: 'DELETE',
			path,
			params: { id },
			key: shop.testKey
		});
		for (const [res, method] of [
			[read, 'get'],
			[updated, 'patch'],
			[deleted, 'delete']
		] as const) {
			expect(res.status, method).toBe(200);
			expect(
				mismatches(res.json, responseSchema('/v1/webhook_endpoints/{id}', method, 200)),
				method
			).toEqual([]);
		}
	});

	it('lists payment intents in the documented envelope (their objects: src/lib/server/intents/schemas.test.ts)', async () => {
		const list = await callRoute(paymentIntents.GET, {
			path: '/v1/payment_intents?limit=3',
			key: shop.testKey
		});
		expect(list.json).toEqual({
			object: 'list',
			data: [],
			has_more: false,
			url: '/v1/payment_intents'
		});
		expect(mismatches(list.json, responseSchema('/v1/payment_intents', 'get', 200))).toEqual([]);
	});

	it('lists, reads and resends events and lists attempts in the documented shapes', async () => {
		const owner = await merchant(kassa, 'Events');
		const endpoint = (
			await callRoute(webhookEndpoints.POST, {
				method: 'POST',
				path: '/v1/webhook_endpoints',
				key: owner.testKey,
				body: { url: 'https://hooks.shop.example/kassa' }
			})
		).json;
		const id = await recordEvent(kassa.db, {
			accountId: owner.accountId,
			mode: 'test',
			type: 'checkout_session.expired',
			object: { id: 'chk_test_1', object: 'checkout_session', status: 'expired' }
		});
		const list = await callRoute(events.GET, {
			path: '/v1/events?type=checkout_session.*',
			key: owner.testKey
		});
		expect(list.json.data).toHaveLength(1);
		expect(mismatches(list.json, responseSchema('/v1/events', 'get', 200))).toEqual([]);
		const read = await callRoute(event.GET, {
			path: `/v1/events/${id}`,
			params: { id },
			key: owner.testKey
		});
		expect(read.json.deliveries).toHaveLength(1);
		await kassa.db.insert(webhookAttempts).values({
			id: 'wha_0123456789ABCDEFGHIJkl',
			deliveryId: read.json.deliveries[0].id,
			eventId: id,
			endpointId: endpoint.id,
			accountId: owner.accountId,
			mode: 'test',
			attempt: 1,
			succeeded: false,
			statusCode: 500,
			latencyMs: 12,
			error: 'HTTP 500',
			createdAt: new Date()
		});
		const resent = await callRoute(resend.POST, {
			method: 'POST',
			path: `/v1/events/${id}/resend`,
			params: { id },
			key: owner.testKey
		});
		expect(resent.json.deliveries[0].attempts).toHaveLength(1);
		const tried = await callRoute(attempts.GET, {
			path: `/v1/webhook_endpoints/${endpoint.id}/attempts?event=${id}`,
			params: { id: endpoint.id },
			key: owner.testKey
		});
		expect(tried.json.data).toHaveLength(1);
		for (const [res, path, method] of [
			[read, '/v1/events/{id}', 'get'],
			[resent, '/v1/events/{id}/resend', 'post'],
			[tried, '/v1/webhook_endpoints/{id}/attempts', 'get']
		] as const) {
			expect(res.status, path).toBe(200);
			expect(mismatches(res.json, responseSchema(path, method, 200)), path).toEqual([]);
		}
	});

	it('answers errors in the documented envelope, under a documented status', async () => {
		const invalid = await create({ ...body, line_items: [] });
		const missing = await callRoute(one.GET, {
			path: '/api/v1/checkout_sessions/chk_test_nope',
			params: { id: 'chk_test_nope' },
			key: shop.testKey
		});
		const noIntent = await callRoute(paymentIntent.GET, {
			path: '/v1/payment_intents/pay_nope',
			params: { id: 'pay_nope' },
			key: shop.testKey
		});
		const badCredential = await callRoute(paymentIntentStatus.GET, {
			path: '/v1/payment_intents/pay_nope/status',
			params: { id: 'pay_nope' },
			key: 'chk_test_nope.0000'
		});
		const noEndpoint = await callRoute(webhookEndpoint.PATCH, {
			method: 'PATCH',
			path: '/v1/webhook_endpoints/we_nope',
			params: { id: 'we_nope' },
			key: shop.testKey,
			body: { status: 'disabled' }
		});
		const badUrl = await callRoute(webhookEndpoints.POST, {
			method: 'POST',
			path: '/v1/webhook_endpoints',
			key: shop.testKey,
			body: { url: 'ftp://hooks.shop.example/' }
		});
		expect([noIntent.status, badCredential.status, noEndpoint.status, badUrl.status]).toEqual([
			404, 403, 404, 400
		]);
		for (const [res, path, method] of [
			[invalid, '/api/v1/checkout_sessions', 'post'],
			[missing, '/api/v1/checkout_sessions/{id}', 'get'],
			[noIntent, '/v1/payment_intents/{id}', 'get'],
			[badCredential, '/v1/payment_intents/{id}/status', 'get'],
			[noEndpoint, '/v1/webhook_endpoints/{id}', 'patch'],
			[badUrl, '/v1/webhook_endpoints', 'post']
		] as const) {
			expect(mismatches(res.json, responseSchema(path, method, res.status))).toEqual([]);
			expect(doc.paths[path]![method]!.responses[res.status]!['x-error-codes']).toContain(
				res.json.error.code
			);
		}
	});
});
