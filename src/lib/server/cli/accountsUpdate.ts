import { z } from 'zod';
import { updateAccount } from '../accounts/repo';
import { parseXpub } from '../chain/addresses/deriveAddress';
import { notFound } from '../errors';
import { usageError, type Command } from './command';
import { parseCliArgs, requireOption } from './parseCliArgs';

const FIELDS = [
	'name',
	'display-name',
	'logo-url',
	'accent-color',
	'support-email',
	'xpub-test',
	'xpub-live',
	'tolerance-ppm'
];

const Settings = z.object({
	name: z.string().min(1).max(200).optional(),
	'display-name': z.string().min(1).max(200).optional(),
	'logo-url': z.url({ protocol: /^https?$/ }).optional(),
	'accent-color': z
		.string()
		.regex(/^#[0-9a-fA-F]{6}$/, 'must look like #1a2b3c')
		.optional(),
	'support-email': z.email().optional(),
	'xpub-test': z.string().optional(),
	'xpub-live': z.string().optional(),
	'tolerance-ppm': z.coerce.number().int().min(0).max(1_000_000).optional()
});

/** `accounts update --account acct_… [--display-name …] [--xpub-live xpub…] …`: branding and receiving keys. */
export const accountsUpdate: Command = async (kassa, args, io) => {
	const { options } = parseCliArgs(args, ['account', ...FIELDS]);
	const accountId = requireOption(options, 'account', '<acct_…>');
	const parsed = Settings.safeParse(
		Object.fromEntries(FIELDS.filter((f) => options[f] !== undefined).map((f) => [f, options[f]]))
	);
	if (!parsed.success) {
		const issue = parsed.error.issues[0]!;
		throw usageError(`--${String(issue.path[0])}: ${issue.message}`);
	}
	const s = parsed.data;
	for (const flag of ['xpub-test', 'xpub-live'] as const) {
		if (s[flag] === undefined) continue;
		try {
			parseXpub(s[flag]);
		} catch (error) {
			throw usageError(`--${flag}: ${error instanceof Error ? error.message : String(error)}`);
		}
	}
	const changes = {
		name: s.name,
		displayName: s['display-name'],
		logoUrl: s['logo-url'],
		accentColor: s['accent-color'],
		supportEmail: s['support-email'],
		xpubTest: s['xpub-test'],
		xpubLive: s['xpub-live'],
		underpaymentTolerancePpm: s['tolerance-ppm']
	};
	const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
	if (Object.keys(defined).length === 0)
		throw usageError(`Nothing to change: give one of ${FIELDS.map((f) => `--${f}`).join(', ')}`);
	const account = await updateAccount(kassa.db, accountId, defined);
	if (!account) throw notFound('account', accountId, 'account');
	io.out(`Updated account ${account.id}: ${Object.keys(defined).join(', ')}`);
};
