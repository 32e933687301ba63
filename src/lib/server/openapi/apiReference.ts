import { ERROR_CODES } from '../errors';
import type { OpenApiDocument, OpenApiOperation, OpenApiParameter } from './OpenApiDocument';
import { ALWAYS_ERRORS } from './operations';
import { schemaFields, typeLabel, type Field } from './schemaFields';

export interface ReferenceOperation {
	id: string;
	method: string;
	path: string;
	summary: string;
	description: string;
	idempotent: boolean;
	parameters: (Field & { in: string })[];
	body: Field[];
	response: { status: string; type: string };
	/** Codes by status, but for the ones every call may answer (listed once on the page). */
	errors: { status: string; codes: string[] }[];
	curl: string;
}

export interface ApiReference {
	title: string;
	version: string;
	baseUrl: string;
	tags: { name: string; description: string; operations: ReferenceOperation[] }[];
	objects: { name: string; fields: Field[] }[];
	errorCodes: { code: string; status: number; type: string }[];
	alwaysErrors: string[];
	quickStart: string | undefined;
}

const ALWAYS = new Set<string>(ALWAYS_ERRORS);

/** What /docs shows, read off the OpenAPI document so the two cannot disagree. */
export function apiReference(doc: OpenApiDocument): ApiReference {
	const baseUrl = doc.servers[0]?.url ?? '';
	const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
		Object.entries(item).map(([method, op]) => referenceOperation(doc, path, method, op, baseUrl))
	);
	const requestNames = Object.values(doc.paths)
		.flatMap((item) => Object.values(item))
		.map((op) => op.requestBody?.content['application/json']?.schema.$ref?.split('/').pop());
	return {
		title: doc.info.title,
		version: doc.info.version,
		baseUrl,
		tags: doc.tags.map((tag) => ({
			...tag,
			operations: operations.filter((op) =>
				doc.paths[op.path]?.[op.method.toLowerCase()]?.tags.includes(tag.name)
			)
		})),
		objects: Object.entries(doc.components.schemas)
			.filter(([name]) => !requestNames.includes(name))
			.map(([name, schema]) => ({ name, fields: schemaFields(schema, doc.components.schemas) })),
		errorCodes: Object.entries(ERROR_CODES).map(([code, [status, type]]) => ({
			code,
			status,
			type
		})),
		alwaysErrors: ALWAYS_ERRORS,
		quickStart: operations.find((op) => op.id === 'createCheckoutSession')?.curl
	};
}

function referenceOperation(
	doc: OpenApiDocument,
	path: string,
	method: string,
	op: OpenApiOperation,
	baseUrl: string
): ReferenceOperation {
	const schemas = doc.components.schemas;
	const [status, success] = Object.entries(op.responses).find(([code]) => code.startsWith('2')) ?? [
		'200',
		undefined
	];
	const body = op.requestBody?.content['application/json'];
	const idempotent = op.parameters.some((p) => '$ref' in p && p.$ref.endsWith('/IdempotencyKey'));
	return {
		id: op.operationId,
		method: method.toUpperCase(),
		path,
		summary: op.summary,
		description: op.description ?? '',
		idempotent,
		parameters: op.parameters
			.filter((p): p is OpenApiParameter => !('$ref' in p))
			.map((p) => ({
				in: p.in,
				name: p.name,
				type: typeLabel(p.schema),
				required: p.required,
				description: p.description ?? '',
				notes: p.schema.default === undefined ? [] : [`default ${JSON.stringify(p.schema.default)}`]
			})),
		body: body ? schemaFields(body.schema, schemas) : [],
		response: { status, type: typeLabel(success?.content?.['application/json']?.schema ?? {}) },
		errors: Object.entries(op.responses)
			.map(([code, response]) => ({
				status: code,
				codes: (response['x-error-codes'] ?? []).filter((c) => !ALWAYS.has(c))
			}))
			.filter((group) => group.codes.length > 0),
		curl: curl(method.toUpperCase(), `${baseUrl}${path}`, idempotent, body?.example)
	};
}

function curl(method: string, url: string, idempotent: boolean, example: unknown): string {
	const lines = [
		`curl${method === 'GET' ? '' : ` -X ${method}`} ${url}`,
		'-H "Authorization: Bearer $KASSA_API_KEY"'
	];
	if (idempotent) lines.push('-H "Idempotency-Key: $(uuidgen)"');
	if (example !== undefined) {
		const json = JSON.stringify(example, null, 2).replaceAll("'", "'\\''");
		lines.push('-H "Content-Type: application/json"', `-d '${json}'`);
	}
	return lines.join(' \\\n  ');
}
