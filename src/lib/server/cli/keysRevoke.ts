import { revokeApiKey } from '../accounts/accounts';
import { KassaError } from '../errors';
import { usageError, type Command } from './command';
import { parseCliArgs } from './parseCliArgs';

/** `keys revoke <sk_… | key_…>`: takes effect on the next request that presents the key. */
export const keysRevoke: Command = async (kassa, args, io) => {
	const [key] = parseCliArgs(args, [], 1).positionals;
	if (!key) throw usageError('Missing the key to revoke: keys revoke <sk_… | key_…>');
	if (!/^(sk_(test|live)_|key_)/.test(key))
		throw usageError(`Not a secret key or key id: '${key}'`);
	if (!(await revokeApiKey(kassa.db, key))) {
		throw new KassaError(
			'resource_missing',
			'No active key matches (unknown, or revoked already).'
		);
	}
	io.out(`Revoked ${key.startsWith('key_') ? key : `the key ending in …${key.slice(-4)}`}.`);
};
