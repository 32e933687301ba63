import { error, redirect } from '@sveltejs/kit';
import { cancelCheckout } from '$lib/server/checkout/cancelCheckout';
import { checkCsrf, findSessionForPage } from '$lib/server/checkout/findSessionForPage';
import { markAccessed } from '$lib/server/checkout/markAccessed';
import { pageView, successUrl } from '$lib/server/checkout/pageView';
import { simulatePayment } from '$lib/server/checkout/simulatePayment';
import { KassaError } from '$lib/server/errors';
import { selectToken } from '$lib/server/intents/selectToken';
import { actionFailure, actionInput, pagePath } from './actionFailure';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ url, locals, parent, setHeaders, depends }) => {
	depends('checkout:session');
	setHeaders({ 'cache-control': 'no-store' });
	const { locale, messages } = await parent();
	const session = await findSessionForPage(
		locals.kassa.db,
		url.searchParams.get('session_id') ?? ''
	);
	if (!session) error(404, { message: messages.notFoundTitle });
	if (!session.accessedAt) await markAccessed(locals.kassa.db, session.id);
	const choose = url.searchParams.get('choose') === '1';
	return { view: await pageView(locals.kassa, session, { locale, choose }) };
};

export const actions: Actions = {
	select: async ({ request, url, locals }) => {
		const { sessionId, csrfToken, field } = await actionInput(request, url);
		const [chain = '', currency = ''] = (field('token') ?? '').split(':');
		try {
			await selectToken(locals.kassa, { sessionId, csrfToken, chain, currency });
		} catch (failure) {
			return actionFailure(failure);
		}
		redirect(303, pagePath(sessionId));
	},

	/**
	 * "Cancel and return": cancels the intent while nothing arrived, then goes to cancel_url. The page
	 * leaves by itself (`leave`): CSP's form-action 'self' would block a redirect to another origin.
	 */
	cancel: async ({ request, url, locals }) => {
		const { sessionId, csrfToken } = await actionInput(request, url);
		let cancelUrl: string;
		try {
			cancelUrl = (await cancelCheckout(locals.kassa, { sessionId, csrfToken })).cancelUrl;
		} catch (failure) {
			const settled =
				failure instanceof KassaError &&
				['checkout_session_has_funds', 'checkout_session_not_open'].includes(failure.code);
			if (!settled) return actionFailure(failure);
			cancelUrl = (await findSessionForPage(locals.kassa.db, sessionId))!.cancelUrl;
		}
		return { leave: cancelUrl };
	},

	simulate: async ({ request, url, locals }) => {
		const { sessionId, csrfToken, field } = await actionInput(request, url);
		const units = field('amount');
		const amount = units && /^[1-9]\d{0,40}$/.test(units) ? BigInt(units) : undefined;
		try {
			await simulatePayment(locals.kassa, { sessionId, csrfToken, amount });
		} catch (failure) {
			return actionFailure(failure);
		}
		redirect(303, pagePath(sessionId));
	},

	/** The page without JavaScript asks for the status; once paid, the shopper goes on to success_url. */
	check: async ({ request, url, locals }) => {
		const { sessionId, csrfToken } = await actionInput(request, url);
		const session = await findSessionForPage(locals.kassa.db, sessionId);
		try {
			if (!session) throw new KassaError('resource_missing', 'No such checkout session.');
			checkCsrf(session, csrfToken);
		} catch (failure) {
			return actionFailure(failure);
		}
		if (session.status === 'complete') return { leave: successUrl(session) };
		redirect(303, pagePath(sessionId));
	}
};
