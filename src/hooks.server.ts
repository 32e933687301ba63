import type { Handle, HandleServerError, ServerInit } from '@sveltejs/kit';
import { handleRequest } from '$lib/server/hooks/handleRequest';
import { initRuntime } from '$lib/server/hooks/initRuntime';
import { logServerError } from '$lib/server/hooks/logServerError';

export const init: ServerInit = initRuntime;
export const handle: Handle = handleRequest;
export const handleError: HandleServerError = logServerError;
