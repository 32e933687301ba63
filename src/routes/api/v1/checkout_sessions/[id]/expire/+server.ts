import { expireCheckoutSession } from '$lib/server/checkout/expireCheckoutSession';
import { apiHandler } from '$lib/server/http/apiHandler';

export const POST = apiHandler(({ kassa, principal, params }) =>
	expireCheckoutSession(kassa, principal, params.id!)
);
