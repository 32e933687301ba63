import { z } from 'zod';
import type { JsonSchema } from './OpenApiDocument';

export type Io = 'input' | 'output';

const COMPONENTS = '#/components/schemas/';

/**
 * Converts a zod schema to JSON Schema 2020-12, moving every `.meta({ id })` part into
 * `components` (each id once) and returning the schema with `$ref`s pointing there.
 */
export function componentSchema(
	schema: z.ZodType,
	io: Io,
	components: Record<string, JsonSchema>
): JsonSchema {
	const converted = z.toJSONSchema(schema, {
		target: 'draft-2020-12',
		io,
		override: (ctx) => tidy(ctx, io)
	});
	const {
		$defs = {},
		$schema: _,
		...root
	} = rewriteRefs(converted) as JsonSchema & { $defs?: Record<string, JsonSchema> };
	for (const [id, def] of Object.entries($defs)) {
		const known = components[id];
		if (known && JSON.stringify(known) !== JSON.stringify(def)) {
			throw new Error(
				`Schema id "${id}" converts differently as ${io} than where it was first met; give the ${io} schema an id of its own.`
			);
		}
		components[id] = def;
	}
	return root;
}

/** Responses may gain fields (additive changes); only strict request objects stay closed. */
function tidy(
	{ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema },
	io: Io
) {
	const def = zodSchema._zod.def;
	if (io === 'output' && def.type === 'object' && !def.catchall)
		delete jsonSchema.additionalProperties;
	if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
	if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

function rewriteRefs(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(rewriteRefs);
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.entries(value).map(([key, inner]) =>
			key === '$ref' && typeof inner === 'string'
				? [key, inner.replace(/^#\/\$defs\//, COMPONENTS)]
				: [key, rewriteRefs(inner)]
		)
	);
}
