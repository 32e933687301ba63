export type WalletProblem = 'rejected' | 'wrongChain' | 'failed';

const REJECTED = 4001;
const UNKNOWN_CHAIN = 4902;
const WRONG_CHAIN_ERRORS = ['ChainMismatchError', 'ConnectorChainMismatchError'];

/**
 * What went wrong with a wallet, in the few kinds the shopper can act on. Any failure while
 * switching networks is a wrong-network state (wagmi reports a wallet that cannot add the chain as
 * a rejection); otherwise the wallet's own error, the innermost cause, decides.
 */
export function walletProblem(error: unknown, switching = false): WalletProblem {
	if (switching) return 'wrongChain';
	let innermostCode: unknown;
	let wrongChain = false;
	for (let e: unknown = error, depth = 0; e && depth < 10; depth++) {
		const code = Reflect.get(Object(e), 'code');
		if (typeof code === 'number') innermostCode = code;
		const name = String(Reflect.get(Object(e), 'name'));
		if (code === UNKNOWN_CHAIN || WRONG_CHAIN_ERRORS.includes(name)) wrongChain = true;
		e = Reflect.get(Object(e), 'cause');
	}
	if (innermostCode === REJECTED) return 'rejected';
	return wrongChain ? 'wrongChain' : 'failed';
}
