import { apiHandler } from '$lib/server/http/apiHandler';
import { cancelPaymentRequest } from '$lib/server/requests/cancelPaymentRequest';

export const POST = apiHandler(({ kassa, principal, params }) =>
	cancelPaymentRequest(kassa, principal, params.id!)
);
