import { getEvent } from '$lib/server/events/getEvent';
import { apiHandler } from '$lib/server/http/apiHandler';

export const GET = apiHandler(({ kassa, principal, params }) =>
	getEvent(kassa, principal, params.id!)
);
