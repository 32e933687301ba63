import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { CreateCheckoutSessionInput } from '../../src/lib/server/checkout/schemas';
import type { ApiReference } from '../../src/lib/server/openapi/apiReference';
import { OPERATIONS } from '../../src/lib/server/openapi/operations';
import * as page from '../../src/routes/docs/+page.server';
import Page from '../../src/routes/docs/+page.svelte';

const load = async () => {
	const event = { locals: { kassa: { config: { publicBaseUrl: 'http://kassa.test' } } } };
	return (await page.load(event as unknown as Parameters<typeof page.load>[0])) as ApiReference;
};

describe('GET /docs', () => {
	it('lists every operation under its tag, with fields, response and errors', async () => {
		const data = await load();
		expect(page.csr).toBe(false);
		const listed = data.tags.flatMap((tag) =>
			tag.operations.map((op) => `${op.method} ${op.path} ${tag.name}`)
		);
		expect(listed.sort()).toEqual(
			OPERATIONS.map((op) => `${op.method} ${op.path} ${op.tag}`).sort()
		);
		const create = data.tags
			.flatMap((t) => t.operations)
			.find((op) => op.id === 'createCheckoutSession')!;
		expect(create.body.map((f) => f.name)).toEqual(
			expect.arrayContaining([
				'success_url',
				'line_items',
				'line_items[].quantity',
				'line_items[].product_data.name'
			])
		);
		expect(create.body.find((f) => f.name === 'line_items[].unit_amount')).toMatchObject({
			type: 'string',
			required: true,
			description: expect.stringContaining('Decimal')
		});
		expect(create.response).toEqual({ status: '200', type: 'CheckoutSession' });
		expect(create.idempotent).toBe(true);
		expect(data.objects.map((o) => o.name)).toEqual(
			expect.arrayContaining(['CheckoutSession', 'Token', 'Error'])
		);
		expect(
			data.objects
				.find((o) => o.name === 'CheckoutSession')!
				.fields.find((f) => f.name === 'supported_tokens')!.type
		).toBe('array of Token');
	});

	it('gives a quick start whose body the API accepts', async () => {
		const { quickStart } = await load();
		expect(quickStart).toContain('curl -X POST http://kassa.test/api/v1/checkout_sessions');
		expect(quickStart).toContain('Authorization: Bearer $KASSA_API_KEY');
		const body = JSON.parse(/-d '([\s\S]*)'$/.exec(quickStart!)![1]!);
		expect(CreateCheckoutSessionInput.safeParse(body).success).toBe(true);
	});

	it('renders on the server with every operation and a link to /openapi.json', async () => {
		const data = await load();
		const { body } = render(Page, { props: { data, params: {} } as never });
		expect(body).toContain('href="/openapi.json"');
		for (const op of OPERATIONS) {
			expect(body).toContain(`id="${op.operationId}"`);
			expect(body).toContain(op.summary);
		}
		expect(body).toContain('Idempotency-Key');
	});
});
