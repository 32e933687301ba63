import { apiHandler } from '$lib/server/http/apiHandler';
import { listParams } from '$lib/server/http/listParams';
import { listPaymentIntents } from '$lib/server/intents/listPaymentIntents';

export const GET = apiHandler(({ kassa, principal, url }) =>
	listPaymentIntents(kassa, principal, listParams(url))
);
