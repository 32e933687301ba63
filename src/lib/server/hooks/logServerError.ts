import type { HandleServerError } from '@sveltejs/kit';

export const logServerError: HandleServerError = ({ error, event, status, message }) => {
	if (status !== 404) event.locals.log?.error({ err: error }, 'unhandled error');
	return { message: status === 404 ? 'Not found' : message, requestId: event.locals.requestId };
};
