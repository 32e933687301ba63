import { describe, expect, it } from 'vitest';
import { eip681 } from './eip681';

describe('eip681', () => {
	it('names the token, the chain id, the recipient and the amount in base units', () => {
		expect(
			eip681({
				token: '0x036cbd53842c5426634e7929541ec2318f3dcf7e',
				chainId: 84532,
				to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
				amount: 20_000_000n
			})
		).toBe(
			'ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&uint256=20000000'
		);
	});

	it('writes large amounts as plain integers, never in exponent notation', () => {
		const uri = eip681({
			token: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
			chainId: 1,
			to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
			amount: 12_345_000_000_000_000_000_000n
		});
		expect(uri).toMatch(/&uint256=12345000000000000000000$/);
	});

	it('refuses a zero amount, a bad chain id and a bad address', () => {
		const base = {
			token: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
			to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
		};
		expect(() => eip681({ ...base, chainId: 1, amount: 0n })).toThrow(RangeError);
		expect(() => eip681({ ...base, chainId: 0, amount: 1n })).toThrow(RangeError);
		expect(() => eip681({ ...base, to: '0x1234', chainId: 1, amount: 1n })).toThrow();
	});
});
