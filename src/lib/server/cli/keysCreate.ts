import { createApiKey } from '../accounts/accounts';
import { usageError, type Command } from './command';
import { parseCliArgs, requireOption } from './parseCliArgs';

/** `keys create --account <acct_…> --mode test|live`: the key alone is the last line, shown once. */
export const keysCreate: Command = async (kassa, args, io) => {
	const { options } = parseCliArgs(args, ['account', 'mode']);
	const accountId = requireOption(options, 'account', '<acct_…>');
	const mode = requireOption(options, 'mode', 'test|live');
	if (!accountId.startsWith('acct_'))
		throw usageError(`--account must be an account id (acct_…), not '${accountId}'`);
	if (mode !== 'test' && mode !== 'live')
		throw usageError(`--mode must be test or live, not '${mode}'`);
	const { id, key } = await createApiKey(kassa.db, { accountId, mode });
	io.out(`Created ${mode} key ${id} for ${accountId}. It is shown only this once; store it now:`);
	io.out(key);
};
