import type { Kassa } from '../runtime/Kassa';
import { intentStatusBody } from './intentObject';
import { findStatusRow } from './repo';

export interface StatusEntry {
	body: string;
	/** Response headers, computed once per body. */
	headers: Record<string, string | number>;
	/** The hosted page that may read it: its checkout session or payment request. */
	pageId: string | null;
	accountId: string;
	mode: 'test' | 'live';
	loadedAt: number;
}

export const STATUS_HEADERS = {
	'content-type': 'application/json; charset=utf-8',
	'cache-control': 'no-store',
	'x-content-type-options': 'nosniff',
	'referrer-policy': 'no-referrer'
};

/** A safety net only: NOTIFY evicts entries the moment an intent changes on any instance. */
const MAX_AGE_MS = 5_000;

/**
 * Serialised status bodies by intent id. Every change to an intent sends `pg_notify('kassa_intent')`
 * in its transaction; each instance listens and evicts, so the cache stays correct across instances.
 */
export class StatusCache {
	readonly #entries = new Map<string, StatusEntry>();
	readonly #loading = new Map<string, Promise<StatusEntry | null>>();
	readonly #kassa: Kassa;
	/** Bumped by every eviction: a load that raced with one is served but not kept. */
	#epoch = 0;

	constructor(kassa: Kassa) {
		this.#kassa = kassa;
	}

	/** The entry if cached and fresh: the fast path answers from memory without awaiting. */
	peek(id: string): StatusEntry | undefined {
		const entry = this.#entries.get(id);
		if (entry && performance.now() - entry.loadedAt < MAX_AGE_MS) return entry;
		return undefined;
	}

	async get(id: string): Promise<StatusEntry | null> {
		const cached = this.peek(id);
		if (cached) return cached;
		let loading = this.#loading.get(id);
		if (!loading) {
			loading = this.#load(id).finally(() => this.#loading.delete(id));
			this.#loading.set(id, loading);
		}
		return loading;
	}

	evict(id: string): void {
		this.#epoch += 1;
		this.#entries.delete(id);
	}

	clear(): void {
		this.#epoch += 1;
		this.#entries.clear();
	}

	async #load(id: string): Promise<StatusEntry | null> {
		if (!/^pay_[0-9A-Za-z]{1,64}$/.test(id)) return null;
		const epoch = this.#epoch;
		const row = await findStatusRow(this.#kassa.db, id);
		if (!row) return null;
		const body = JSON.stringify(intentStatusBody(row.intent, row.sessionStatus));
		const entry: StatusEntry = {
			body,
			headers: { ...STATUS_HEADERS, 'content-length': Buffer.byteLength(body) },
			pageId: row.intent.checkoutSessionId ?? row.intent.paymentRequestId,
			accountId: row.intent.accountId,
			mode: row.intent.mode,
			loadedAt: performance.now()
		};
		if (epoch === this.#epoch) this.#entries.set(id, entry);
		return entry;
	}
}
