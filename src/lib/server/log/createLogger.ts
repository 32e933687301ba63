import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config/env';

export type { Logger };

/** JSON logs in production; readable lines in development (pretty in-thread, no worker transport). */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): Logger {
	const options = { level: config.logLevel, base: { service: 'kassa' } };
	if (config.nodeEnv === 'development' && process.stdout.isTTY) {
		return pino(
			options,
			pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' })
		);
	}
	return pino(options);
}
