import { apiHandler } from '$lib/server/http/apiHandler';
import { finalizePaymentRequest } from '$lib/server/requests/finalizePaymentRequest';

export const POST = apiHandler(({ kassa, principal, params }) =>
	finalizePaymentRequest(kassa, principal, params.id!)
);
