import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Kassa } from './Kassa';

export interface FirstRunInfo {
	accountId: string;
	/** The test key to print: a new one, or KASSA_BOOTSTRAP_KEY. */
	key: string;
	/** The demo checkout page, or null when test mode offers no token to pay with. */
	checkoutUrl: string | null;
}

/** What the plain-JS scripts (start, serve, kassa) reach inside the built bundle. */
export interface KassaHost {
	kassa: Kassa;
	/** Runs `npm run kassa -- …` on stdout/stderr; resolves to the exit code. */
	runCli(argv: string[]): Promise<number>;
	/** On an empty database: a development account, a test key and a demo session. */
	firstRun(): Promise<FirstRunInfo | null>;
	/**
	 * A test-mode checkout whose first token is chosen, as a shopper would: its intent id and the
	 * page credential that polls its status (the benchmark and smoke checks use it).
	 */
	demoPayment(): Promise<{
		sessionId: string;
		intentId: string;
		credential: string;
		address: string;
		tokenAddress: string;
		amount: string;
	}>;
	/** Answers a request without SvelteKit when it can; true when it did. */
	fastPath(req: IncomingMessage, res: ServerResponse): boolean;
}

const KEY = Symbol.for('kassa.host');
type Holder = { [KEY]?: KassaHost };

export function registerHost(host: KassaHost): void {
	(globalThis as Holder)[KEY] = host;
}

export function currentHost(): KassaHost | undefined {
	return (globalThis as Holder)[KEY];
}
