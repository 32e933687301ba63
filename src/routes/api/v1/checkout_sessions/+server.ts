import { createCheckoutSession } from '$lib/server/checkout/createCheckoutSession';
import { listCheckoutSessions } from '$lib/server/checkout/listCheckoutSessions';
import {
	CreateCheckoutSessionInput,
	ListCheckoutSessionsQuery
} from '$lib/server/checkout/schemas';
import { apiHandler } from '$lib/server/http/apiHandler';
import { listParams } from '$lib/server/http/listParams';
import { parseInput } from '$lib/server/http/parseInput';

export const POST = apiHandler(({ kassa, principal, body }) =>
	createCheckoutSession(kassa, principal, parseInput(CreateCheckoutSessionInput, body))
);

export const GET = apiHandler(({ kassa, principal, url }) =>
	listCheckoutSessions(kassa, principal, listParams(url, ListCheckoutSessionsQuery))
);
