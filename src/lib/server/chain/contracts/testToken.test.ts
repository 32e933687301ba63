import { toFunctionSignature, toEventSignature, type AbiEvent, type AbiFunction } from 'viem';
import { describe, expect, it } from 'vitest';
import artifact from './TestToken.json';
import { testTokenAbi } from './testToken';

const signatures = (abi: readonly { type: string }[]) =>
	abi
		.filter((item) => item.type === 'function' || item.type === 'event')
		.map((item) => (item.type === 'event' ? toEventSignature(item as AbiEvent) : toFunctionSignature(item as AbiFunction)))
		.sort();

describe('TestToken artifact', () => {
	it('matches the typed ABI', () => {
		expect(signatures(testTokenAbi)).toEqual(signatures(artifact.abi));
		expect(artifact.bytecode).toMatch(/^0x[0-9a-f]{200,}$/);
	});
});
