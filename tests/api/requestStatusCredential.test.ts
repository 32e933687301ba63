import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/lib/server/db/queryRows';
import { issueRequestAddress } from '../../src/lib/server/requests/issueRequestAddress';
import { requestToken } from '../../src/lib/server/requests/pageAccess';
import type { Kassa } from '../../src/lib/server/runtime/Kassa';
import * as status from '../../src/routes/v1/payment_intents/[id]/status/+server';
import { requestApi } from '../requests/requestApi';
import { callRoute } from '../support/callRoute';
import { merchant } from '../support/merchant';
import { testKassa } from '../support/testKassa';

let kassa: Kassa;
let key = '';
const api = requestApi(() => key);
beforeAll(async () => {
	kassa = await testKassa();
	key = (await merchant(kassa)).testKey;
});
afterAll(() => kassa.close());

async function openRequestIntent() {
	const { id } = (
		await api.create({
			currency: 'usd',
			amount: '5.00',
			supported_tokens: [{ chain: 'base', currency: 'USDC' }]
		})
	).json;
	await api.finalize(id);
	const [row] = await queryRows<{ csrf_token: string }>(
		kassa.db,
		`SELECT csrf_token FROM payment_requests WHERE id = '${id}'`
	);
	const intent = await issueRequestAddress(kassa, {
		requestId: id,
		csrfToken: row!.csrf_token,
		chain: 'base',
		currency: 'USDC'
	});
	return { requestId: id, intentId: intent.id };
}

const read = (intentId: string, bearer: string) =>
	callRoute(status.GET, {
		path: `/v1/payment_intents/${intentId}/status`,
		params: { id: intentId },
		headers: { authorization: `Bearer ${bearer}` }
	});

describe('the public payment-request page polls its intents’ status', () => {
	it('with a credential scoped to its own request, and nothing else', async () => {
		const a = await openRequestIntent();
		const b = await openRequestIntent();
		const own = await read(a.intentId, requestToken(kassa.secrets, a.requestId));
		expect(own.status).toBe(200);
		expect(own.json).toMatchObject({
			id: a.intentId,
			status: 'requires_payment_method',
			amount: '5.00'
		});
		expect((await read(a.intentId, requestToken(kassa.secrets, b.requestId))).status).toBe(404);
		const forged = await read(a.intentId, `${a.requestId}.${'A'.repeat(43)}`);
		expect(forged.status).toBe(403);
		expect(forged.json.error.code).toBe('session_token_invalid');
	});
});
