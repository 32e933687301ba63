import { authenticate } from '../accounts/accounts';
import { KassaError } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { authorizeStatus, statusReader } from './readIntentStatus';

/** The status body as JSON text, for the merchant key or the session's page credential. */
export async function getIntentStatus(
	kassa: Kassa,
	authorization: string | null,
	id: string
): Promise<string> {
	const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
	if (!bearer)
		throw new KassaError(
			'api_key_missing',
			'Send the secret key or the checkout page credential as a Bearer token.'
		);
	const reader = statusReader(kassa, bearer);
	const resolved =
		reader === 'merchant_key' ? { principal: await authenticate(kassa.db, bearer) } : reader;
	return authorizeStatus(await kassa.statusCache.get(id), resolved, id).body;
}
