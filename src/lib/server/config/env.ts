import type { RateTable } from '../rates/findRate';
import { parseRateTable } from '../rates/parseRateTable';
import { z } from 'zod';

const flag = z
	.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
	.transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const optionalUrl = z.url().optional();

const smtpUrl = z
	.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
	.optional();

const EnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().min(1).default('127.0.0.1'),
	PUBLIC_BASE_URL: optionalUrl,
	DATABASE_URL: optionalUrl,
	KASSA_DATA_DIR: z.string().min(1).default('./data'),
	KASSA_SECRET_KEY: z
		.string()
		.regex(/^[A-Za-z0-9+/=_-]{43,}$/, 'must be 32 random bytes in base64 or base64url')
		.optional(),
	KASSA_BOOTSTRAP_KEY: z
		.string()
		.regex(
			/^sk_(test|live)_[A-Za-z0-9]{24,}$/,
			'must look like sk_test_ followed by 24+ letters/digits'
		)
		.optional(),
	KASSA_ALLOW_PRIVATE_WEBHOOKS: flag.optional(),
	KASSA_DEV_CHAIN_PORT: z.coerce.number().int().min(1).max(65535).default(8545),
	KASSA_DEV_CHAINS: z.union([z.literal('external'), flag]).optional(),
	KASSA_WORKERS: flag.optional(),
	KASSA_RATES: z.string().optional(),
	KASSA_ROLE: z.enum(['server', 'cli']).default('server'),
	SMTP_URL: smtpUrl,
	SMTP_TEST_URL: smtpUrl,
	KASSA_WALLETCONNECT_PROJECT_ID: z
		.string()
		.regex(/^[A-Za-z0-9]{8,64}$/, 'must be a WalletConnect (Reown) project id: 8-64 letters/digits')
		.optional(),
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
	nodeEnv: Env['NODE_ENV'];
	/** `cli`: a short-lived process for `npm run kassa` that starts no workers and no chains. */
	role: Env['KASSA_ROLE'];
	port: number;
	host: string;
	publicBaseUrl: string;
	databaseUrl: string | undefined;
	dataDir: string;
	secretKey: string | undefined;
	bootstrapKey: string | undefined;
	allowPrivateWebhooks: boolean;
	devChainPort: number;
	/** Test mode offers the local stand-in chains. */
	devChains: boolean;
	/** … and this process starts their nodes. */
	startDevChains: boolean;
	workers: boolean;
	logLevel: NonNullable<Env['LOG_LEVEL']>;
	rpcUrls: Record<string, string>;
	/** Operator exchange rates beyond the fixed pegs (KASSA_RATES). */
	rates: RateTable;
	/** Live-mode e-mail; without it messages are written to `<dataDir>/outbox`. */
	smtpUrl: string | undefined;
	/** Test-mode e-mail: the only server test mode ever sends through (never `smtpUrl`). */
	smtpTestUrl: string | undefined;
	/** The public WalletConnect (Reown) project id; the checkout page offers WalletConnect only with it. */
	walletConnectProjectId: string | undefined;
}

export class ConfigError extends Error {
	override name = 'ConfigError';
}

const RPC_VAR = /^KASSA_(TEST_)?RPC_URL_([A-Z]+)$/;

/** Parses the process environment once; every setting Kassa reads is named here. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
	const parsed = EnvSchema.safeParse(source);
	if (!parsed.success) {
		const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
		throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
	}
	const env = parsed.data;
	const production = env.NODE_ENV === 'production';
	const cli = env.KASSA_ROLE === 'cli';
	const rpcUrls: Record<string, string> = {};
	for (const [key, value] of Object.entries(source)) {
		const match = RPC_VAR.exec(key);
		if (!match || !value) continue;
		if (!z.url().safeParse(value).success) {
			throw new ConfigError(`Invalid configuration:\n  ${key}: not a URL`);
		}
		rpcUrls[`${match[1] ? 'test' : 'live'}:${match[2]!.toLowerCase()}`] = value;
	}
	const devChains = env.KASSA_DEV_CHAINS ?? env.DATABASE_URL === undefined;
	const rates = parseRateTable(env.KASSA_RATES);
	if (typeof rates === 'string')
		throw new ConfigError(`Invalid configuration:\n  KASSA_RATES: ${rates}`);
	return {
		nodeEnv: env.NODE_ENV,
		role: env.KASSA_ROLE,
		port: env.PORT,
		host: env.HOST,
		publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
		databaseUrl: env.DATABASE_URL,
		dataDir: env.KASSA_DATA_DIR,
		secretKey: env.KASSA_SECRET_KEY,
		bootstrapKey: env.KASSA_BOOTSTRAP_KEY,
		allowPrivateWebhooks: env.KASSA_ALLOW_PRIVATE_WEBHOOKS ?? !production,
		devChainPort: env.KASSA_DEV_CHAIN_PORT,
		devChains: !cli && devChains !== false,
		// `external`: the stand-in nodes run already (a test's); with a shared database Kassa never starts them.
		startDevChains: !cli && devChains === true && env.DATABASE_URL === undefined,
		workers: !cli && (env.KASSA_WORKERS ?? true),
		// The CLI's output is meant to be read (and its last line captured): only warnings interleave.
		logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : cli ? 'warn' : 'info'),
		rpcUrls,
		rates,
		smtpUrl: env.SMTP_URL,
		smtpTestUrl: env.SMTP_TEST_URL,
		walletConnectProjectId: env.KASSA_WALLETCONNECT_PROJECT_ID
	};
}
