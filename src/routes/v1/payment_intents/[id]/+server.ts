import { apiHandler } from '$lib/server/http/apiHandler';
import { getPaymentIntent } from '$lib/server/intents/getPaymentIntent';

export const GET = apiHandler(({ kassa, principal, params }) =>
	getPaymentIntent(kassa, principal, params.id!)
);
