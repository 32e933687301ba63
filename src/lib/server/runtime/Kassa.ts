import type { Config } from '../config/env';
import type { Registry } from '../chain/createRegistry';
import type { Database, Db } from '../db/openDatabase';
import type { Logger } from '../log/createLogger';
import type { StatusCache } from '../intents/statusCache';
import type { SecretBox } from '../secrets/SecretBox';

/** Everything a request or a worker needs, built once at start and passed explicitly. */
export interface Kassa {
	config: Config;
	database: Database;
	db: Db;
	log: Logger;
	secrets: SecretBox;
	registry: Registry;
	/** Intent status bodies, evicted across instances by NOTIFY. */
	statusCache: StatusCache;
	/** Stops workers and closes the database; idempotent. */
	close(): Promise<void>;
	/** Hooks run by `close()` before the database closes (workers, chain nodes). */
	onClose(stop: () => Promise<void> | void): void;
}

const KEY = Symbol.for('kassa.runtime');
type Holder = { [KEY]?: Kassa };

/** The running instance, shared by the SvelteKit handler and the custom HTTP server. */
export function currentKassa(): Kassa {
	const kassa = (globalThis as Holder)[KEY];
	if (!kassa) throw new Error('Kassa has not started');
	return kassa;
}

export function setCurrentKassa(kassa: Kassa | undefined): void {
	(globalThis as Holder)[KEY] = kassa;
}
