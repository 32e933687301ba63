import { z } from 'zod';

/** Building blocks shared by request and response schemas (they also feed /openapi.json). */

export const HttpUrl = z
	.string()
	.max(2048)
	.refine((value) => {
		try {
			const url = new URL(value);
			return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
		} catch {
			return false;
		}
	}, 'must be an absolute http or https URL')
	.meta({ format: 'uri' });

export const Metadata = z
	.record(z.string().min(1).max(40), z.string().max(500))
	.refine((m) => Object.keys(m).length <= 50, 'may have at most 50 keys')
	.meta({
		description: 'Up to 50 keys of at most 40 characters, values of at most 500 characters.'
	});

export const Timestamp = z.iso.datetime().meta({ example: '2026-11-22T10:00:00.000Z' });

export const DecimalString = z
	.string()
	.regex(/^\d+(\.\d+)?$/)
	.meta({ example: '12.50' });

/** Unix seconds (Stripe's convention) or an ISO 8601 timestamp. */
export const InstantInput = z
	.union([z.int().positive(), z.iso.datetime({ offset: true })])
	.transform((v) => (typeof v === 'number' ? new Date(v * 1000) : new Date(v)));

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
