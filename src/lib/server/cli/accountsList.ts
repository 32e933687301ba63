import { listAccounts } from '../accounts/repo';
import type { Command } from './command';
import { parseCliArgs } from './parseCliArgs';

/** `accounts list`: one account a line, oldest first. */
export const accountsList: Command = async (kassa, args, io) => {
	parseCliArgs(args, []);
	const rows = await listAccounts(kassa.db);
	if (rows.length === 0)
		io.out('No accounts yet. Create one: npm run kassa -- accounts create --name "Shop"');
	for (const row of rows) io.out(`${row.id}  ${row.createdAt.toISOString()}  ${row.name}`);
};
