import type { Queryable } from '../db/openDatabase';
import type { Mode } from '../db/tables/columns';
import { KassaError } from '../errors';
import { newId } from '../ids/newId';
import { generateApiKey, hashApiKey, keyHint, parseApiKey } from './apiKey';
import * as repo from './repo';

export interface Principal {
	accountId: string;
	mode: Mode;
	livemode: boolean;
}

export async function createAccount(db: Queryable, input: { name: string }) {
	return repo.insertAccount(db, { id: newId('acct'), name: input.name });
}

/** Issues a new secret key; the plaintext is returned once and never stored. */
export async function createApiKey(db: Queryable, input: { accountId: string; mode: Mode }) {
	if (!(await repo.findAccount(db, input.accountId))) {
		throw new KassaError('resource_missing', `No such account: '${input.accountId}'`, {
			param: 'account'
		});
	}
	const key = generateApiKey(input.mode);
	const id = newId('key');
	await repo.insertApiKey(db, {
		id,
		accountId: input.accountId,
		mode: input.mode,
		keyHash: hashApiKey(key),
		keyHint: keyHint(key)
	});
	return { id, key };
}

export async function revokeApiKey(db: Queryable, key: string): Promise<boolean> {
	const byId = key.startsWith('key_') ? key : (await repo.findKeyByHash(db, hashApiKey(key)))?.id;
	return byId ? repo.revokeApiKey(db, byId) : false;
}

/** Resolves a bearer secret key to the account and mode it acts for. */
export async function authenticate(db: Queryable, key: string): Promise<Principal> {
	const parsed = parseApiKey(key);
	const row = parsed ? await repo.findActiveKeyByHash(db, hashApiKey(key)) : undefined;
	if (!parsed || !row || row.mode !== parsed.mode) {
		throw new KassaError('api_key_invalid', 'Invalid API key provided.');
	}
	return { accountId: row.accountId, mode: row.mode, livemode: row.mode === 'live' };
}

/** Makes sure a development account owns the given test key (demos and scripted tests). */
export async function ensureBootstrapKey(db: Queryable, key: string): Promise<Principal> {
	const parsed = parseApiKey(key);
	if (!parsed) throw new KassaError('parameter_invalid', 'KASSA_BOOTSTRAP_KEY is not a secret key');
	if (parsed.mode !== 'test') {
		throw new KassaError(
			'parameter_invalid',
			'KASSA_BOOTSTRAP_KEY must be a test key (sk_test_…); live keys are issued with `npm run kassa -- keys create --mode live`'
		);
	}
	const existing = await repo.findKeyByHash(db, hashApiKey(key));
	if (existing) {
		if (existing.revokedAt)
			throw new KassaError('api_key_invalid', 'KASSA_BOOTSTRAP_KEY was revoked');
		return { accountId: existing.accountId, mode: 'test', livemode: false };
	}
	const account = await createAccount(db, { name: 'Development' });
	await repo.insertApiKey(db, {
		id: newId('key'),
		accountId: account.id,
		mode: 'test',
		keyHash: hashApiKey(key),
		keyHint: keyHint(key)
	});
	return { accountId: account.id, mode: 'test', livemode: false };
}
