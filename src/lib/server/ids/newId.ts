import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Base62 text carrying at least `bits` of randomness (rejection sampling keeps it uniform). */
export function randomBase62(bits = 128): string {
	const length = Math.ceil(bits / Math.log2(62));
	let out = '';
	while (out.length < length) {
		for (const byte of randomBytes(length * 2)) {
			if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
		}
	}
	return out;
}

/** A prefixed identifier such as `acct_…`, `chk_test_…`, `we_…` with ≥ 128 random bits. */
export function newId(prefix: string): string {
	return `${prefix}_${randomBase62()}`;
}
