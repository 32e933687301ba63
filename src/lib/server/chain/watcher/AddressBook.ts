import type { Queryable } from '../../db/openDatabase';
import type { Mode } from '../../db/tables/columns';
import { watchedSince } from '../../intents/repo';

/** Every address ever issued in a mode, loaded incrementally: only rows newer than the last look. */
export class AddressBook {
	readonly #mode: Mode;
	readonly #intents = new Map<string, string>();
	#lastSeq = 0;

	constructor(mode: Mode) {
		this.#mode = mode;
	}

	get size(): number {
		return this.#intents.size;
	}

	async refresh(db: Queryable): Promise<void> {
		for (const row of await watchedSince(db, this.#mode, this.#lastSeq)) {
			this.#intents.set(row.address, row.intentId);
			this.#lastSeq = row.seq;
		}
	}

	intentFor(address: string): string | undefined {
		return this.#intents.get(address);
	}
}
