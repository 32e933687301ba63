import { listEvents } from '$lib/server/events/listEvents';
import { ListEventsQuery } from '$lib/server/events/schemas';
import { apiHandler } from '$lib/server/http/apiHandler';
import { listParams } from '$lib/server/http/listParams';

export const GET = apiHandler(({ kassa, principal, url }) =>
	listEvents(kassa, principal, listParams(url, ListEventsQuery))
);
