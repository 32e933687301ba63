import { KassaError } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { accountsCreate } from './accountsCreate';
import { accountsList } from './accountsList';
import { accountsUpdate } from './accountsUpdate';
import type { CliIO, Command } from './command';
import { keysCreate } from './keysCreate';
import { keysRevoke } from './keysRevoke';

export const USAGE = `Usage: npm run kassa -- <command>

Commands:
  accounts create --name <name>                    Create an account; prints its id
  accounts list                                    List accounts
  accounts update --account <acct_…> [--display-name <text>] [--logo-url <url>]
                  [--accent-color #rrggbb] [--support-email <email>] [--name <name>]
                  [--xpub-test <xpub>] [--xpub-live <xpub>] [--tolerance-ppm <0..1000000>]
                                                   Branding, receiving xpubs (m/44'/60'/0'), underpayment tolerance
  keys create --account <acct_…> --mode test|live  Issue a secret key; printed once, as the last line
  keys revoke <sk_… | key_…>                       Revoke a key
  help                                             Show this help

With the embedded database, stop the running server first: only one process can open it.`;

const COMMANDS: Record<string, Command> = {
	'accounts create': accountsCreate,
	'accounts list': accountsList,
	'accounts update': accountsUpdate,
	'keys create': keysCreate,
	'keys revoke': keysRevoke
};

/** Runs one command; resolves to the exit code: 0 done, 1 failed, 2 bad arguments. */
export async function runCli(kassa: Kassa, argv: string[], io: CliIO): Promise<number> {
	const [group, command, ...args] = argv;
	if (group === 'help' || argv.includes('--help') || argv.includes('-h')) {
		io.out(USAGE);
		return 0;
	}
	if (!group) {
		io.err(USAGE);
		return 2;
	}
	const run = command ? COMMANDS[`${group} ${command}`] : undefined;
	try {
		if (!run)
			throw new KassaError('parameter_invalid', `Unknown command: ${argv.slice(0, 2).join(' ')}`);
		await run(kassa, args, io);
		return 0;
	} catch (error) {
		if (!(error instanceof KassaError)) throw error;
		io.err(`Error: ${error.message}`);
		if (error.status !== 400) return 1;
		io.err('Run `npm run kassa -- help` for usage.');
		return 2;
	}
}
