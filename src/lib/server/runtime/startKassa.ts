import { createRegistry } from '../chain/createRegistry';
import type { Config } from '../config/env';
import { migrate } from '../db/migrate';
import { openDatabase, type OpenOptions } from '../db/openDatabase';
import { StatusCache } from '../intents/statusCache';
import { createLogger, type Logger } from '../log/createLogger';
import { loadServerKey } from '../secrets/loadServerKey';
import { lockDataDir } from './lockDataDir';
import type { Kassa } from './Kassa';

export interface StartOptions {
	log?: Logger;
	/** Overrides for tests: a template to load, a schema to isolate in. */
	database?: Partial<OpenOptions>;
}

/** Opens the database, applies migrations and assembles the runtime; starts no workers. */
export async function startKassa(config: Config, options: StartOptions = {}): Promise<Kassa> {
	const log = options.log ?? createLogger(config);
	const embedded = !config.databaseUrl;
	const unlock =
		embedded && !options.database?.loadDataDir ? await lockDataDir(config.dataDir) : undefined;
	const database = await openDatabase({
		databaseUrl: config.databaseUrl,
		dataDir: embedded && !options.database?.loadDataDir ? `${config.dataDir}/db` : undefined,
		...options.database
	});
	try {
		const applied = await migrate(database);
		if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
	} catch (error) {
		await database.close();
		await unlock?.();
		throw error;
	}
	const stops: Array<() => Promise<void> | void> = [];
	let closing: Promise<void> | undefined;
	const kassa = {
		config,
		database,
		db: database.db,
		log,
		secrets: await loadServerKey(config),
		registry: createRegistry(config),
		onClose: (stop) => void stops.push(stop),
		close: () =>
			(closing ??= (async () => {
				for (const stop of stops.reverse()) await stop();
				await database.close();
				await unlock?.();
			})())
	} as Kassa;
	kassa.statusCache = new StatusCache(kassa);
	const unlisten = await database.listen(
		'kassa_intent',
		(id) => kassa.statusCache.evict(id),
		() => kassa.statusCache.clear()
	);
	stops.push(unlisten);
	return kassa;
}
