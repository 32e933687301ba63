import { apiHandler } from '$lib/server/http/apiHandler';
import { listParams } from '$lib/server/http/listParams';
import { listRequestTimeline } from '$lib/server/requests/timeline/listRequestTimeline';

export const GET = apiHandler(({ kassa, principal, params, url }) =>
	listRequestTimeline(kassa, principal, params.id!, listParams(url))
);
