import { z } from 'zod';
import { ERROR_CODES, type ErrorBody, type ErrorCode, type ErrorType } from '../errors';
import type { ListPage } from '../http/listParams';

const codes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
const types = [...new Set(Object.values(ERROR_CODES).map(([, type]) => type))] as [
	ErrorType,
	...ErrorType[]
];

/** The error envelope, its enums taken from the closed set in errors.ts. */
export const ErrorEnvelope = z
	.object({
		error: z.object({
			type: z.enum(types),
			code: z.enum(codes),
			message: z
				.string()
				.meta({ description: 'A human-readable message; may change between versions.' }),
			param: z
				.string()
				.optional()
				.meta({ description: 'The parameter at fault, e.g. `line_items[0].quantity`.' })
		})
	})
	.meta({ id: 'Error' });

/** The list envelope around `item` (newest first; page on with `starting_after`). */
export const listEnvelope = (item: z.ZodType) =>
	z.object({
		object: z.literal('list'),
		data: z.array(item),
		has_more: z.boolean().meta({ description: 'Whether another page follows this one.' }),
		url: z.string().meta({ description: 'The path of this list.' })
	});

// The schemas above must describe exactly what errors.ts and listParams.ts send.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _errorEnvelopeMatches: Same<z.output<typeof ErrorEnvelope>, ErrorBody> = true;
const _listEnvelopeMatches: Same<
	z.output<ReturnType<typeof listEnvelope>>,
	ListPage<unknown>
> = true;
