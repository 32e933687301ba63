import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './SecretBox';

describe('SecretBox', () => {
	const box = new SecretBox(randomBytes(32));

	it('round-trips and never stores the plaintext', () => {
		const sealed = box.seal('whsec_abc');
		expect(sealed).not.toContain('whsec_abc');
		expect(box.open(sealed)).toBe('whsec_abc');
		expect(box.seal('whsec_abc')).not.toBe(sealed);
	});

	it('refuses a tampered or foreign ciphertext', () => {
		const sealed = box.seal('secret');
		const parts = sealed.split('.');
		parts[2] = Buffer.from('other').toString('base64url');
		expect(() => box.open(parts.join('.'))).toThrow();
		expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
	});
});
