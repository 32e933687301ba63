import type { OpenApiDocument } from './OpenApiDocument';

/** Security scheme, Idempotency-Key parameter and response headers every operation refers to. */
export function baseComponents(): OpenApiDocument['components'] {
	return {
		schemas: {},
		securitySchemes: {
			bearerAuth: {
				type: 'http',
				scheme: 'bearer',
				description:
					'A secret API key: `sk_test_…` for test mode, `sk_live_…` for live mode. The key’s mode decides the mode of what it creates and sees.'
			}
		},
		parameters: {
			IdempotencyKey: {
				name: 'Idempotency-Key',
				in: 'header',
				required: false,
				description:
					'Up to 255 characters, one per logical mutation. A retry with the same key and request replays the first answer; another request under the key answers 422.',
				schema: { type: 'string', minLength: 1, maxLength: 255 }
			}
		},
		headers: {
			IdempotentReplayed: {
				description:
					'`true` when this answer is a replay of an earlier request with the same Idempotency-Key.',
				schema: { type: 'string', const: 'true' }
			},
			RequestId: {
				description: 'The id of this request, for support and logs.',
				schema: { type: 'string' }
			}
		}
	};
}
