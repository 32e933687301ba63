import { error, redirect } from '@sveltejs/kit';
import { getAddress } from 'viem';
import { KassaError } from '$lib/server/errors';
import { issueRequestAddress } from '$lib/server/requests/issueRequestAddress';
import { requestPageView, type RequestView } from '$lib/server/requests/page/requestPageView';
import { simulateRequestPayment } from '$lib/server/requests/page/simulateRequestPayment';
import { checkRequestCsrf } from '$lib/server/requests/pageAccess';
import { findRequestById } from '$lib/server/requests/repo';
import { actionFailure, actionInput } from '../../checkout/actionFailure';
import type { Actions, PageServerLoad } from './$types';

const pagePath = (id: string) => `/pay/${encodeURIComponent(id)}`;

/** Addresses as the checkout page shows them: checksummed, so a payer can compare them. */
function checksummed(view: RequestView): RequestView {
	const payment = view.payment;
	if (!payment) return view;
	return {
		...view,
		payment: {
			...payment,
			address: getAddress(payment.address),
			tokenAddress: getAddress(payment.tokenAddress)
		}
	};
}

export const load: PageServerLoad = async ({
	params,
	url,
	locals,
	parent,
	setHeaders,
	depends
}) => {
	depends('request:page');
	setHeaders({ 'cache-control': 'no-store' });
	const { locale, messages } = await parent();
	const choose = url.searchParams.get('choose') === '1';
	const view = await requestPageView(locals.kassa, params.id, { locale, choose });
	if (!view) error(404, { message: messages.requestNotFoundTitle });
	return { view: checksummed(view) };
};

/**
 * A request that is no longer open refuses with 409; the page itself then says why (paid or
 * canceled), so the payer is sent back to it rather than shown an error.
 */
const settled = (failure: unknown) =>
	failure instanceof KassaError && failure.code === 'state_conflict';

export const actions: Actions = {
	select: async ({ request, url, params, locals }) => {
		const { csrfToken, field } = await actionInput(request, url);
		const [chain = '', currency = ''] = (field('token') ?? '').split(':');
		try {
			await issueRequestAddress(locals.kassa, { requestId: params.id, csrfToken, chain, currency });
		} catch (failure) {
			if (!settled(failure)) return actionFailure(failure);
		}
		redirect(303, pagePath(params.id));
	},

	simulate: async ({ request, url, params, locals }) => {
		const { csrfToken, field } = await actionInput(request, url);
		const units = field('amount');
		const amount = units && /^[1-9]\d{0,40}$/.test(units) ? BigInt(units) : undefined;
		try {
			await simulateRequestPayment(locals.kassa, { requestId: params.id, csrfToken, amount });
		} catch (failure) {
			if (!settled(failure)) return actionFailure(failure);
		}
		redirect(303, pagePath(params.id));
	},

	/** The page without JavaScript asks for the status: it is shown again as it now stands. */
	check: async ({ request, url, params, locals }) => {
		const { csrfToken } = await actionInput(request, url);
		const row = await findRequestById(locals.kassa.db, params.id);
		try {
			if (!row || row.status === 'draft')
				throw new KassaError('resource_missing', 'No such payment request.', { param: 'id' });
			checkRequestCsrf(row, csrfToken);
		} catch (failure) {
			return actionFailure(failure);
		}
		redirect(303, pagePath(params.id));
	}
};
