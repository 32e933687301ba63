import { describe, expect, it } from 'vitest';
import { intentObject, intentStatusBody } from './intentObject';
import type { IntentRow, TransferRow } from './repo';
import { PaymentIntentObject, PaymentIntentStatusObject } from './schemas';

const created = new Date('2026-11-22T10:00:00.000Z');

// Every column of payment_intents, as the repository returns it.
const intent: IntentRow = {
	id: 'pay_0123456789ABCDEFGHIJkl',
	accountId: 'acct_0123456789ABCDEFGHIJkl',
	mode: 'test',
	checkoutSessionId: 'chk_test_0123456789ABCDEFGHIJkl',
	paymentRequestId: null,
	status: 'requires_additional_payment',
	chain: 'base',
	chainId: 84532,
	currency: 'USDC',
	tokenAddress: '0x036cbd53842c5426634e7929541ec2318f3dcf7e',
	decimals: 6,
	amount: 20_000_000n,
	fiatCurrency: 'USD',
	fiatAmount: 2000n,
	exchangeRate: '1',
	amountPending: 1_500_000n,
	amountConfirmed: 5_000_000n,
	amountFinal: 0n,
	amountLate: 0n,
	confirmations: 3,
	requiredConfirmations: 2,
	address: '0x1111111111111111111111111111111111111111',
	xpub: 'tpubD6NzVbkrYhZ4Xexample',
	derivationIndex: 7,
	lastTxHash: `0x${'ab'.repeat(32)}`,
	expiresAt: new Date('2026-11-22T11:00:00.000Z'),
	chainTimeAt: new Date('2026-11-22T10:05:00.000Z'),
	cancelRequested: false,
	version: 4,
	createdAt: created,
	updatedAt: new Date('2026-11-22T10:05:00.000Z')
};

// Every column of transfers: one paying transfer in the intent's token on its chain.
const transfer: TransferRow = {
	id: 'tr_0123456789ABCDEFGHIJkl',
	chainId: 84532,
	chain: 'base',
	mode: 'test',
	txHash: `0x${'ab'.repeat(32)}`,
	logIndex: 0,
	blockNumber: 120,
	blockHash: `0x${'cd'.repeat(32)}`,
	blockTime: new Date('2026-11-22T10:04:00.000Z'),
	tokenAddress: '0x036cbd53842c5426634e7929541ec2318f3dcf7e',
	currency: 'USDC',
	decimals: 6,
	fromAddress: '0x2222222222222222222222222222222222222222',
	toAddress: '0x1111111111111111111111111111111111111111',
	amount: 5_000_000n,
	paymentIntentId: 'pay_0123456789ABCDEFGHIJkl',
	accountId: 'acct_0123456789ABCDEFGHIJkl',
	applies: true,
	late: false,
	state: 'confirmed',
	createdAt: new Date('2026-11-22T10:04:01.000Z'),
	updatedAt: new Date('2026-11-22T10:04:03.000Z')
};

// A late transfer in another token on another chain, still pending.
const stray: TransferRow = {
	...transfer,
	id: 'tr_1123456789ABCDEFGHIJkl',
	chainId: 11155111,
	chain: 'ethereum',
	currency: 'EURC',
	tokenAddress: '0x08210f9170f89ab7658f0b5e3ff39b0e03c594d4',
	txHash: `0x${'ef'.repeat(32)}`,
	amount: 1_230_000n,
	applies: false,
	late: true,
	state: 'pending'
};

const keys = (value: object) => Object.keys(value).sort();

describe('PaymentIntentObject', () => {
	it('parses what intentObject returns, with exactly the schema’s keys', () => {
		const object = intentObject(intent, [transfer, stray]);
		expect(PaymentIntentObject.parse(object)).toEqual(object);
		expect(keys(object)).toEqual(keys(PaymentIntentObject.shape));
		const transferShape = PaymentIntentObject.shape.transfers.element.shape;
		for (const item of object.transfers) expect(keys(item)).toEqual(keys(transferShape));
		expect(object).toMatchObject({
			amount: '20.00',
			amount_received: '6.50',
			amount_confirmed: '5.00',
			amount_due: '13.50',
			amount_late: '0.00',
			created: created.getTime() / 1000,
			livemode: false
		});
		expect(object.transfers.map((t) => t.amount)).toEqual(['5.00', '1.23']);
	});

	it('parses an intent without transfers, session or transaction', () => {
		const object = intentObject(
			{
				...intent,
				status: 'requires_payment_method',
				checkoutSessionId: null,
				amountPending: 0n,
				amountConfirmed: 0n,
				confirmations: 0,
				lastTxHash: null,
				chainTimeAt: null,
				mode: 'live'
			},
			[]
		);
		expect(PaymentIntentObject.parse(object)).toEqual(object);
		expect(object).toMatchObject({ amount_due: '20.00', transfers: [], livemode: true });
	});

	it('refuses a drifted object: a missing or renamed key fails', () => {
		const { amount_due: _, ...missing } = intentObject(intent, []);
		expect(PaymentIntentObject.safeParse(missing).success).toBe(false);
		expect(PaymentIntentObject.safeParse({ ...missing, due: '1.00' }).success).toBe(false);
	});
});

describe('PaymentIntentStatusObject', () => {
	it('parses what intentStatusBody returns, with exactly the schema’s keys', () => {
		for (const sessionStatus of ['open', null]) {
			const body = intentStatusBody(intent, sessionStatus);
			expect(PaymentIntentStatusObject.parse(body)).toEqual(body);
			expect(keys(body)).toEqual(keys(PaymentIntentStatusObject.shape));
		}
		expect(intentStatusBody(intent, 'open')).toMatchObject({
			object: 'payment_intent_status',
			amount_received: '6.50',
			amount_due: '13.50',
			checkout_session_status: 'open'
		});
	});

	it('never answers a negative amount_due after an overpayment', () => {
		const body = intentStatusBody({ ...intent, amountConfirmed: 25_000_000n }, 'complete');
		expect(PaymentIntentStatusObject.parse(body).amount_due).toBe('0.00');
	});
});
