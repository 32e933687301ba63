import { apiHandler } from '$lib/server/http/apiHandler';
import { parseInput } from '$lib/server/http/parseInput';
import { getPaymentRequest } from '$lib/server/requests/getPaymentRequest';
import { UpdatePaymentRequestInput } from '$lib/server/requests/schemas';
import { updatePaymentRequest } from '$lib/server/requests/updatePaymentRequest';

export const GET = apiHandler(({ kassa, principal, params }) =>
	getPaymentRequest(kassa, principal, params.id!)
);

export const PATCH = apiHandler(({ kassa, principal, params, body }) =>
	updatePaymentRequest(kassa, principal, params.id!, parseInput(UpdatePaymentRequestInput, body))
);
