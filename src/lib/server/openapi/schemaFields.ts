import type { JsonSchema } from './OpenApiDocument';

export interface Field {
	/** Dotted path: `line_items[].product_data.name`. */
	name: string;
	type: string;
	required: boolean;
	description: string;
	notes: string[];
}

type Schemas = Record<string, JsonSchema>;

/** Longer enums read better as a note than as a type. */
const LONG_ENUM = 4;

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
const asSchema = (value: JsonSchema['items']): JsonSchema =>
	typeof value === 'object' && !Array.isArray(value) ? value : {};

/** Rows for every property of an object schema, nested inline objects flattened; named ones stay a type name. */
export function schemaFields(schema: JsonSchema, schemas: Schemas, prefix = ''): Field[] {
	const object = schema.$ref ? (schemas[refName(schema.$ref)] ?? {}) : schema;
	const required = new Set(object.required ?? []);
	return Object.entries(object.properties ?? {}).flatMap(([key, value]) => {
		const property = asSchema(value);
		const name = prefix + key;
		const single = nonNull(property);
		const row: Field = {
			name,
			type: typeLabel(property),
			required: required.has(key),
			description: property.description ?? single.description ?? '',
			notes: notes(single)
		};
		const items = asSchema(single.items);
		if (single.properties && !single.$ref)
			return [row, ...schemaFields(single, schemas, `${name}.`)];
		if (single.type === 'array' && items.properties && !items.$ref) {
			return [row, ...schemaFields(items, schemas, `${name}[].`)];
		}
		return [row];
	});
}

/** `string | null` → the string branch: constraints and nesting live there. */
function nonNull(schema: JsonSchema): JsonSchema {
	const branches = (schema.anyOf ?? []).filter((b) => b.type !== 'null');
	return branches.length === 1 ? branches[0]! : schema;
}

export function typeLabel(schema: JsonSchema): string {
	if (schema.$ref) return refName(schema.$ref);
	if (schema.anyOf) return schema.anyOf.map(typeLabel).join(' | ');
	if (schema.const !== undefined) return JSON.stringify(schema.const);
	if (schema.enum && schema.enum.length <= LONG_ENUM)
		return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
	const types = [schema.type ?? []].flat();
	if (types.length === 0) return 'any';
	return types
		.map((type) => {
			if (type === 'array') return `array of ${typeLabel(asSchema(schema.items))}`;
			if (
				type === 'object' &&
				!schema.properties &&
				typeof schema.additionalProperties === 'object'
			) {
				return `map of ${typeLabel(schema.additionalProperties)}`;
			}
			return schema.format && type === 'string' ? `string (${schema.format})` : type;
		})
		.join(' | ');
}

function notes(s: JsonSchema): string[] {
	const out: string[] = [];
	const range = (min: number | undefined, max: number | undefined, unit: string) => {
		if (min !== undefined && max !== undefined) out.push(`${min}–${max} ${unit}`);
		else if (min !== undefined) out.push(`at least ${min} ${unit}`);
		else if (max !== undefined) out.push(`at most ${max} ${unit}`);
	};
	range(s.minLength, s.maxLength, 'characters');
	range(s.minItems, s.maxItems, 'items');
	if (typeof s.exclusiveMinimum === 'number') out.push(`> ${s.exclusiveMinimum}`);
	if (s.minimum !== undefined) out.push(`≥ ${s.minimum}`);
	if (s.maximum !== undefined) out.push(`≤ ${s.maximum}`);
	if (s.pattern && !s.format) out.push(`matches ${s.pattern}`);
	if (s.enum && s.enum.length > LONG_ENUM) out.push(`one of ${s.enum.join(', ')}`);
	if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
	return out;
}
