/** The wallet code (wagmi, viem) is fetched only when the shopper asks to pay with a wallet. */
export const loadWallet = () => import('./wallet/payWithWallet');
