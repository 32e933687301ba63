import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { version } from '../../../../package.json';
import { ERROR_CODES, type ErrorCode } from '../errors';
import { ListQuery } from '../http/listParams';
import { baseComponents } from './baseComponents';
import { componentSchema } from './componentSchema';
import { ErrorEnvelope, listEnvelope } from './envelopes';
import type {
	JsonSchema,
	OpenApiDocument,
	OpenApiOperation,
	OpenApiParameter,
	OpenApiResponse
} from './OpenApiDocument';
import { ALWAYS_ERRORS, MUTATION_ERRORS, OPERATIONS, TAGS, type Operation } from './operations';

const BEARER = [{ bearerAuth: [] }];
const ref = (kind: 'schemas' | 'parameters' | 'headers', name: string) => ({
	$ref: `#/components/${kind}/${name}`
});

// ListQuery (listParams.ts) carries no descriptions of its own.
const LIST_PARAMETERS: Record<string, string> = {
	limit: 'How many objects to return, 1 to 100.',
	starting_after: 'An object id: the page starts after it (the last id of the previous page).'
};

const cache = new Map<string, OpenApiDocument>();

/** The OpenAPI 3.1 document of the merchant API, from the schemas the routes parse; built once per base URL. */
export function buildOpenApiDocument(baseUrl: string): OpenApiDocument {
	const cached = cache.get(baseUrl);
	if (cached) return cached;
	const components = baseComponents();
	componentSchema(ErrorEnvelope, 'output', components.schemas);
	const paths: OpenApiDocument['paths'] = {};
	for (const op of OPERATIONS) {
		(paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op, components.schemas);
	}
	const document: OpenApiDocument = {
		openapi: '3.1.0',
		info: {
			title: 'Kassa',
			version,
			description:
				'Self-hosted stablecoin checkout: the merchant API. Human-readable reference: /docs.'
		},
		servers: [{ url: baseUrl }],
		security: BEARER,
		tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
		paths,
		components
	};
	cache.set(baseUrl, document);
	return document;
}

function operationObject(op: Operation, schemas: Record<string, JsonSchema>): OpenApiOperation {
	const mutation = op.method === 'POST' || op.method === 'PATCH';
	const body = op.request && {
		schema: componentSchema(op.request, 'input', schemas),
		...(op.example === undefined ? {} : { example: op.example })
	};
	return {
		operationId: op.operationId,
		summary: op.summary,
		...(op.description ? { description: op.description } : {}),
		tags: [op.tag],
		security: BEARER,
		parameters: [
			...pathParameters(op.path),
			...queryParameters(op, schemas),
			...(mutation ? [ref('parameters', 'IdempotencyKey')] : [])
		],
		...(body ? { requestBody: { required: true, content: { 'application/json': body } } } : {}),
		responses: {
			[op.status ?? 200]: successResponse(op, schemas, mutation),
			...errorResponses([...op.errors, ...ALWAYS_ERRORS, ...(mutation ? MUTATION_ERRORS : [])])
		}
	};
}

function pathParameters(path: string): OpenApiParameter[] {
	return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
		name: name!,
		in: 'path',
		required: true,
		description: 'The object’s id.',
		schema: { type: 'string' }
	}));
}

function queryParameters(op: Operation, schemas: Record<string, JsonSchema>): OpenApiParameter[] {
	if (!op.query && !op.list) return [];
	const shape = op.query instanceof z.ZodObject ? op.query.shape : (op.query ?? {});
	const json = componentSchema(
		op.list ? ListQuery.extend(shape) : z.strictObject(shape),
		'input',
		schemas
	);
	const required = new Set(json.required ?? []);
	return Object.entries(json.properties ?? {}).map(([name, property]) => {
		const { description = LIST_PARAMETERS[name], ...schema } =
			typeof property === 'object' ? property : {};
		return {
			name,
			in: 'query',
			required: required.has(name),
			...(description ? { description } : {}),
			schema
		};
	});
}

function successResponse(
	op: Operation,
	schemas: Record<string, JsonSchema>,
	mutation: boolean
): OpenApiResponse {
	const name = z.globalRegistry.get(op.response)?.id;
	let schema = componentSchema(
		op.list ? listEnvelope(op.response) : op.response,
		'output',
		schemas
	);
	if (op.list && name) {
		schemas[`${name}List`] = schema;
		schema = ref('schemas', `${name}List`);
	}
	return {
		description: op.list
			? `A page of ${name ?? 'objects'}, newest first.`
			: `The ${name ?? 'result'}.`,
		headers: {
			'Request-Id': ref('headers', 'RequestId'),
			...(mutation ? { 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed') } : {})
		},
		content: { 'application/json': { schema } }
	};
}

/** One response per HTTP status, naming the codes it can carry, in errors.ts order. */
function errorResponses(codes: ErrorCode[]): Record<string, OpenApiResponse> {
	const byStatus = new Map<number, ErrorCode[]>();
	for (const code of (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => codes.includes(c))) {
		const status = ERROR_CODES[code][0];
		byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
	}
	return Object.fromEntries(
		[...byStatus].map(([status, list]) => [
			status,
			{
				description: `${STATUS_CODES[status]}: ${list.join(', ')}.`,
				'x-error-codes': list,
				headers: { 'Request-Id': ref('headers', 'RequestId') },
				content: { 'application/json': { schema: ref('schemas', 'Error') } }
			}
		])
	);
}
