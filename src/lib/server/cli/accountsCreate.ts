import { createAccount } from '../accounts/accounts';
import { usageError, type Command } from './command';
import { parseCliArgs, requireOption } from './parseCliArgs';

/** `accounts create --name <name>`: the new account's id is the last line. */
export const accountsCreate: Command = async (kassa, args, io) => {
	const name = requireOption(parseCliArgs(args, ['name']).options, 'name', '<name>');
	if (name.length > 200) throw usageError('--name may have at most 200 characters');
	const account = await createAccount(kassa.db, { name });
	io.out(`Created account "${account.name}". Its id:`);
	io.out(account.id);
};
