import { apiHandler } from '$lib/server/http/apiHandler';
import { listParams } from '$lib/server/http/listParams';
import { listRequestDeliveries } from '$lib/server/requests/deliveries/listRequestDeliveries';
import { ListDeliveriesQuery } from '$lib/server/requests/schemas';

export const GET = apiHandler(({ kassa, principal, params, url }) =>
	listRequestDeliveries(kassa, principal, params.id!, listParams(url, ListDeliveriesQuery))
);
