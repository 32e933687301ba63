import { resendEvent } from '$lib/server/events/resendEvent';
import { ResendEventInput } from '$lib/server/events/schemas';
import { apiHandler } from '$lib/server/http/apiHandler';
import { parseInput } from '$lib/server/http/parseInput';

export const POST = apiHandler(({ kassa, principal, params, body }) => {
	parseInput(ResendEventInput, body);
	return resendEvent(kassa, principal, params.id!);
});
