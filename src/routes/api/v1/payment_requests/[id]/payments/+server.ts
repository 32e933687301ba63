import { apiHandler } from '$lib/server/http/apiHandler';
import { listParams } from '$lib/server/http/listParams';
import { listAllocations } from '$lib/server/requests/allocations/listAllocations';

export const GET = apiHandler(({ kassa, principal, params, url }) =>
	listAllocations(kassa, principal, params.id!, listParams(url))
);
