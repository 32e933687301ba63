import { apiHandler } from '$lib/server/http/apiHandler';
import { listParams } from '$lib/server/http/listParams';
import { parseInput } from '$lib/server/http/parseInput';
import { createPaymentRequest } from '$lib/server/requests/createPaymentRequest';
import { listPaymentRequests } from '$lib/server/requests/listPaymentRequests';
import { CreatePaymentRequestInput, ListPaymentRequestsQuery } from '$lib/server/requests/schemas';

export const POST = apiHandler(({ kassa, principal, body }) =>
	createPaymentRequest(kassa, principal, parseInput(CreatePaymentRequestInput, body))
);

export const GET = apiHandler(({ kassa, principal, url }) =>
	listPaymentRequests(kassa, principal, listParams(url, ListPaymentRequestsQuery))
);
