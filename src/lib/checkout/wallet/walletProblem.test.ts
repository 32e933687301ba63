import { ChainMismatchError, UserRejectedRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { walletProblem } from './walletProblem';

const walletError = (code: number) => Object.assign(new Error(`wallet said ${code}`), { code });

describe('walletProblem', () => {
	it('a rejection is the wallet’s own 4001, however deeply wrapped', () => {
		expect(walletProblem(new UserRejectedRequestError(walletError(4001)))).toBe('rejected');
		expect(walletProblem(new Error('outer', { cause: walletError(4001) }))).toBe('rejected');
	});

	it('wagmi’s "rejection" of a chain the wallet could not add is not the shopper’s', () => {
		expect(walletProblem(new UserRejectedRequestError(walletError(-32603)))).toBe('failed');
	});

	it('anything while switching networks, a chain mismatch or an unknown chain is the wrong network', () => {
		expect(walletProblem(new UserRejectedRequestError(walletError(4001)), true)).toBe('wrongChain');
		const mismatch = new ChainMismatchError({
			chain: { id: 84532, name: 'Base Sepolia' } as never,
			currentChainId: 1
		});
		expect(walletProblem(mismatch)).toBe('wrongChain');
		expect(walletProblem(walletError(4902))).toBe('wrongChain');
	});

	it('calls anything else a failure', () => {
		expect(walletProblem(new Error('boom'))).toBe('failed');
		expect(walletProblem('text')).toBe('failed');
	});
});
