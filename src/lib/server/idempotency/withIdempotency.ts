import { createHash } from 'node:crypto';
import type { Principal } from '../accounts/accounts';
import type { Queryable } from '../db/openDatabase';
import { KassaError } from '../errors';
import * as repo from './repo';

export const IN_FLIGHT_EXPIRY_MS = 60_000;
export const KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
	status: number;
	body: string;
	replayed: boolean;
}

/**
 * Runs `work` at most once per Idempotency-Key (scoped to account and mode): a repeat of the same
 * request replays the stored response byte for byte; a different request under the key is a 422.
 */
export async function withIdempotency(
	db: Queryable,
	principal: Principal,
	request: { key: string; method: string; path: string; body: string },
	work: () => Promise<{ status: number; body: string }>
): Promise<StoredResponse> {
	if (request.key.length === 0 || request.key.length > 255) {
		throw new KassaError('parameter_invalid', 'Idempotency-Key must be 1 to 255 characters.', {
			param: 'Idempotency-Key'
		});
	}
	const s = { accountId: principal.accountId, mode: principal.mode, key: request.key };
	const hash = createHash('sha256')
		.update(`${request.method} ${request.path}\n${request.body}`)
		.digest('hex');
	if (!(await repo.claimKey(db, s, hash))) {
		const existing = await repo.findKey(db, s);
		const now = Date.now();
		const expired = !existing || now - existing.createdAt.getTime() > KEY_RETENTION_MS;
		if (existing && !expired) {
			const inFlight =
				existing.state === 'in_flight' && now - existing.lockedAt.getTime() < IN_FLIGHT_EXPIRY_MS;
			if (inFlight) {
				throw new KassaError(
					'idempotency_key_in_use',
					'A request with this Idempotency-Key is still being processed. Retry later.',
					{ param: 'Idempotency-Key' }
				);
			}
			if (existing.requestHash !== hash) {
				throw new KassaError(
					'idempotency_key_reused',
					'Keys for idempotent requests can only be used with the same method, path and parameters as the first request.',
					{ param: 'Idempotency-Key' }
				);
			}
			if (existing.state === 'done')
				return { status: existing.responseStatus!, body: existing.responseBody!, replayed: true };
		}
		const retaken = existing
			? await repo.retakeKey(db, s, existing.lockedAt, hash)
			: await repo.claimKey(db, s, hash);
		if (!retaken) {
			throw new KassaError(
				'idempotency_key_in_use',
				'A request with this Idempotency-Key is still being processed. Retry later.',
				{ param: 'Idempotency-Key' }
			);
		}
	}
	let result: { status: number; body: string };
	try {
		result = await work();
	} catch (error) {
		await repo.releaseKey(db, s);
		throw error;
	}
	if (result.status >= 500) await repo.releaseKey(db, s);
	else await repo.completeKey(db, s, result.status, result.body);
	return { ...result, replayed: false };
}
