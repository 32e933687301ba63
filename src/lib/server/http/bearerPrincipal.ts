import { authenticate, type Principal } from '../accounts/accounts';
import { KassaError } from '../errors';
import type { Kassa } from '../runtime/Kassa';

/** The merchant behind `Authorization: Bearer sk_…`. */
export async function bearerPrincipal(kassa: Kassa, request: Request): Promise<Principal> {
	const header = request.headers.get('authorization');
	if (!header) {
		throw new KassaError(
			'api_key_missing',
			'You did not provide an API key. Send it as `Authorization: Bearer sk_…`.'
		);
	}
	const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
	if (!match)
		throw new KassaError(
			'api_key_invalid',
			'The Authorization header must be `Bearer <secret key>`.'
		);
	return authenticate(kassa.db, match[1]!);
}
