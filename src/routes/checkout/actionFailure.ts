import { error, fail } from '@sveltejs/kit';
import { KassaError, type ErrorCode } from '$lib/server/errors';
import type { Messages } from '$lib/i18n/messages/en';

const MESSAGES: Partial<Record<ErrorCode, keyof Messages>> = {
	checkout_session_has_funds: 'errorHasFunds',
	checkout_session_not_open: 'errorNotOpen'
};

/**
 * A refused page action, answered with its HTTP status and a message key the page can show. A bad
 * csrf token is an error page: a real 403 for every client (a failure would be a 200 to `fetch`).
 */
export function actionFailure(failure: unknown) {
	if (!(failure instanceof KassaError)) throw failure;
	if (failure.code === 'csrf_token_invalid') error(403, { message: failure.message });
	return fail(failure.status, { error: MESSAGES[failure.code] ?? 'errorGeneric' });
}

/** The session id (from the action's URL) and the csrf token (a hidden field) of a page action. */
export async function actionInput(request: Request, url: URL) {
	const form = await request.formData();
	const field = (name: string) => {
		const value = form.get(name);
		return typeof value === 'string' ? value : null;
	};
	return {
		sessionId: url.searchParams.get('session_id') ?? '',
		csrfToken: field('csrf_token'),
		field
	};
}

export const pagePath = (sessionId: string) =>
	`/checkout?session_id=${encodeURIComponent(sessionId)}`;
