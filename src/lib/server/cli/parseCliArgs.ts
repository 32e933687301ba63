import { parseArgs } from 'node:util';
import { usageError } from './command';

export interface CliArgs {
	options: Record<string, string | undefined>;
	positionals: string[];
}

/** `--name value` / `--name=value` string options and at most `maxPositionals` bare arguments. */
export function parseCliArgs(args: string[], names: string[], maxPositionals = 0): CliArgs {
	let parsed;
	try {
		parsed = parseArgs({
			args,
			options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
			allowPositionals: true,
			strict: true
		});
	} catch (error) {
		throw usageError(error instanceof Error ? error.message : String(error));
	}
	if (parsed.positionals.length > maxPositionals) {
		throw usageError(`Unexpected argument: ${parsed.positionals[maxPositionals]}`);
	}
	const options: CliArgs['options'] = {};
	for (const name of names) {
		const value = parsed.values[name];
		options[name] = typeof value === 'string' ? value : undefined;
	}
	return { options, positionals: parsed.positionals };
}

export function requireOption(
	options: CliArgs['options'],
	name: string,
	placeholder: string
): string {
	const value = options[name]?.trim();
	if (!value) throw usageError(`Missing --${name} ${placeholder}`);
	return value;
}
