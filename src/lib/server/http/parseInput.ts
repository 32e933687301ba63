import type { z } from 'zod';
import { KassaError } from '../errors';

/** `['line_items', 0, 'quantity']` → `line_items[0].quantity`, the Stripe-style param name. */
export function paramName(path: readonly PropertyKey[]): string {
	return path
		.map((part, i) =>
			typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`
		)
		.join('');
}

/** Validates input with a schema; the first problem becomes a 400 naming its parameter. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
	const result = schema.safeParse(input, { reportInput: true });
	if (result.success) return result.data;
	const issue = result.error.issues[0]!;
	if (issue.code === 'unrecognized_keys') {
		const param = paramName([...issue.path, issue.keys[0]!]);
		throw new KassaError('parameter_unknown', `Received unknown parameter: ${param}`, { param });
	}
	const param = paramName(issue.path);
	if (issue.code === 'invalid_type' && issue.input === undefined) {
		throw new KassaError('parameter_missing', `Missing required param: ${param}.`, { param });
	}
	const message = param ? `Invalid ${param}: ${issue.message}` : issue.message;
	return fail(message, param);
}

function fail(message: string, param: string): never {
	throw new KassaError('parameter_invalid', message, param ? { param } : {});
}
