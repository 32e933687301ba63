import { mnemonicToAccount } from 'viem/accounts';

/** The public development mnemonic: payers' accounts on local test chains, never a merchant's. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

export function devAccount(index: number) {
	return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });
}
