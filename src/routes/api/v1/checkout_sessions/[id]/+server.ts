import { getCheckoutSession } from '$lib/server/checkout/getCheckoutSession';
import { apiHandler } from '$lib/server/http/apiHandler';

export const GET = apiHandler(({ kassa, principal, params }) =>
	getCheckoutSession(kassa, principal, params.id!)
);
