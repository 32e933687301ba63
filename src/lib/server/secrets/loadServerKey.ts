import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, type Config } from '../config/env';
import { SecretBox } from './SecretBox';

/**
 * The key that seals webhook secrets: KASSA_SECRET_KEY, or in the embedded setup a key
 * generated once into the data directory. Shared databases need the same key everywhere.
 */
export async function loadServerKey(config: Config): Promise<SecretBox> {
	if (config.secretKey) return SecretBox.fromText(config.secretKey);
	if (config.databaseUrl) {
		throw new ConfigError(
			'KASSA_SECRET_KEY is required with DATABASE_URL (every instance must share it). ' +
				'Generate one with: node -e "console.log(crypto.randomBytes(32).toString(\'base64\'))"'
		);
	}
	const file = join(config.dataDir, 'secret.key');
	try {
		return SecretBox.fromText((await readFile(file, 'utf8')).trim());
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
	}
	await mkdir(config.dataDir, { recursive: true });
	const text = randomBytes(32).toString('base64');
	await writeFile(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
	return SecretBox.fromText(text);
}
