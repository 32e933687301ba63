import type { TransferState } from '../../db/tables/payments';
import type {
	AllocationStatus,
	PaymentRequestStatus,
	UnappliedReason
} from '../../db/tables/requests';

export interface Ratio {
	numerator: bigint;
	denominator: bigint;
}

export interface AllocationTransfer {
	id: string;
	paymentIntentId: string;
	chain: string;
	currency: string;
	decimals: number;
	amount: bigint;
	state: TransferState;
	/** The intent's own token on the intent's own chain. */
	applies: boolean;
}

export interface AllocationIntent {
	chain: string;
	/** Token units per one unit of the request currency, locked on the intent. */
	rate: Ratio;
}

export interface DeriveInput {
	status: PaymentRequestStatus;
	/** The request amount, in minor units of its currency (`digits` decimals). */
	amount: bigint;
	digits: number;
	/** Every transfer to the request's addresses, in the order Kassa saw them. */
	transfers: AllocationTransfer[];
	intents: ReadonlyMap<string, AllocationIntent>;
	/** The rate of a stray transfer's token, when one is known. */
	strayRate: (transfer: AllocationTransfer) => Ratio | null;
}

export interface DerivedAllocation {
	transferId: string;
	intentId: string;
	status: AllocationStatus;
	requested: bigint;
	received: bigint;
	applied: bigint;
	unapplied: bigint;
	reason: UnappliedReason | null;
}

/** Token base units → minor units of the request currency, rounded down. */
export function toFiat(units: bigint, decimals: number, rate: Ratio, digits: number): bigint {
	return (
		(units * 10n ** BigInt(digits) * rate.denominator) / (rate.numerator * 10n ** BigInt(decimals))
	);
}

/** `"1.27"` → 127/100. */
export function parseRatio(text: string): Ratio {
	const [whole, fraction = ''] = text.split('.');
	return { numerator: BigInt(whole! + fraction), denominator: 10n ** BigInt(fraction.length) };
}

/**
 * The allocations, derived afresh from the transfers every time (never accumulated): in the order
 * they were seen, each applies what is still due; the rest is unapplied (overpayment, a canceled
 * request, a wrong token or network). Pending transfers apply provisionally (`processing`);
 * `paid` counts only confirmed ones. Per intent the fiat value is taken on the running token sum,
 * so payments split across several transfers lose no rounding dust.
 */
export function deriveAllocations(input: DeriveInput) {
	const cumulative = new Map<string, bigint>();
	let applied = 0n;
	let paid = 0n;
	let processing = 0n;
	const allocations = input.transfers.map((t): DerivedAllocation => {
		const intent = input.intents.get(t.paymentIntentId)!;
		const fiat = (units: bigint, rate: Ratio) => toFiat(units, t.decimals, rate, input.digits);
		let received: bigint;
		if (!t.applies) {
			const rate = input.strayRate(t);
			received = rate ? fiat(t.amount, rate) : 0n;
		} else if (t.state === 'orphaned') {
			received = fiat(t.amount, intent.rate);
		} else {
			const before = cumulative.get(t.paymentIntentId) ?? 0n;
			cumulative.set(t.paymentIntentId, before + t.amount);
			received = fiat(before + t.amount, intent.rate) - fiat(before, intent.rate);
		}
		const requested = input.amount > applied ? input.amount - applied : 0n;
		const base = { transferId: t.id, intentId: t.paymentIntentId, requested, received };
		if (t.state === 'orphaned')
			return { ...base, status: 'reverted', applied: 0n, unapplied: 0n, reason: null };
		let take = 0n;
		let reason: UnappliedReason | null = null;
		if (input.status === 'canceled') reason = 'request_canceled';
		else if (!t.applies) reason = t.chain !== intent.chain ? 'wrong_network' : 'wrong_token';
		else {
			take = received < requested ? received : requested;
			if (received > take) reason = 'overpayment';
		}
		applied += take;
		const pending = t.state === 'pending';
		if (pending) processing += take;
		else paid += take;
		const status = pending ? 'processing' : take > 0n ? 'applied' : 'unapplied';
		return { ...base, status, applied: take, unapplied: received - take, reason };
	});
	return { allocations, paid, processing };
}
