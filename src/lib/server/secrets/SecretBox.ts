import {
	createCipheriv,
	createDecipheriv,
	createHmac,
	hkdfSync,
	randomBytes,
	timingSafeEqual
} from 'node:crypto';

const VERSION = 'v1';

/** AES-256-GCM for secrets Kassa must show again or sign with (webhook secrets). */
export class SecretBox {
	readonly #key: Buffer;
	readonly #macKey: Buffer;

	constructor(key: Buffer) {
		if (key.length !== 32) throw new Error('The server secret key must be 32 bytes');
		this.#key = key;
		this.#macKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'kassa mac v1', 32));
	}

	/** A MAC under a key derived from the server key: credentials Kassa can check without storing. */
	mac(text: string): string {
		return createHmac('sha256', this.#macKey).update(text).digest('base64url');
	}

	verifyMac(text: string, mac: string): boolean {
		const expected = Buffer.from(this.mac(text));
		const given = Buffer.from(mac);
		return given.length === expected.length && timingSafeEqual(given, expected);
	}

	static fromText(text: string): SecretBox {
		return new SecretBox(
			Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64')
		);
	}

	seal(plaintext: string): string {
		const iv = randomBytes(12);
		const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
		const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
		const tag = cipher.getAuthTag();
		return [
			VERSION,
			iv.toString('base64url'),
			body.toString('base64url'),
			tag.toString('base64url')
		].join('.');
	}

	open(sealed: string): string {
		const [version, iv, body, tag] = sealed.split('.');
		if (version !== VERSION || !iv || body === undefined || !tag)
			throw new Error('Unreadable sealed secret');
		const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
		decipher.setAuthTag(Buffer.from(tag, 'base64url'));
		return Buffer.concat([
			decipher.update(Buffer.from(body, 'base64url')),
			decipher.final()
		]).toString('utf8');
	}
}
