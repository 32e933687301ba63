/** What the page knows about the session; built on the server, safe to show to the shopper. */

export type IntentStatusName =
	| 'requires_payment_method'
	| 'requires_confirmation'
	| 'requires_additional_payment'
	| 'confirmed'
	| 'succeeded'
	| 'cancelled'
	| 'failed';

/** The body of `GET /v1/payment_intents/:id/status` (decisions §3.4). */
export interface StatusBody {
	id: string;
	status: IntentStatusName;
	amount: string;
	amount_received: string;
	amount_due: string;
	currency: string;
	chain: string;
	confirmations: number;
	required_confirmations: number;
	expired_at: string;
	checkout_session_status: string | null;
	latest_transaction_hash: string | null;
}

export interface LineItemView {
	name: string;
	description: string | null;
	image: string | null;
	quantity: number;
	amount: string;
}

export interface TokenChoice {
	/** The form value: `<chain>:<currency>`. */
	value: string;
	currency: string;
	name: string;
	logo: string;
}

export interface NetworkGroup {
	chain: string;
	name: string;
	logo: string;
	tokens: TokenChoice[];
}

export interface PaymentView {
	intentId: string;
	/** The page credential for the status endpoint; scoped to this session alone. */
	credential: string;
	networkName: string;
	chainId: number;
	nativeCoin: string;
	explorerUrl: string;
	standIn: boolean;
	currency: string;
	tokenName: string;
	tokenLogo: string;
	tokenAddress: string;
	/** Still to send, in token units (`"12.50"`) and base units (`"12500000"`). */
	due: string;
	dueUnits: string;
	/** EIP-681 URI and its QR code for `due`; null once nothing is due. */
	uri: string | null;
	qrSvg: string | null;
	address: string;
	status: StatusBody;
	/** The token can still change: nothing has arrived yet. */
	changeable: boolean;
}

export interface CheckoutView {
	sessionId: string;
	state: 'open' | 'complete' | 'expired';
	testMode: boolean;
	merchant: { name: string; logoUrl: string | null; accent: string | null; email: string | null };
	items: LineItemView[];
	subtotal: string;
	discounts: { name: string | null; amount: string }[];
	total: string;
	expiresAt: string;
	networks: NetworkGroup[];
	/** Show the token choice (no token yet, or the shopper asked to change it). */
	choosing: boolean;
	payment: PaymentView | null;
	csrfToken: string;
	successUrl: string;
	cancelUrl: string;
	/** Set only when the operator configured WalletConnect (a public id, not a secret). */
	walletConnectProjectId?: string;
}
