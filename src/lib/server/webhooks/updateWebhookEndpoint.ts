import type { Principal } from '../accounts/accounts';
import { KassaError, notFound } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { assertWebhookUrl, type WebhookUrlOptions } from './assertWebhookUrl';
import { endpointObject } from './endpointObject';
import { findEndpoint, updateEndpoint, type EndpointChanges } from './repo';
import type { UpdateWebhookEndpointInput } from './schemas';

const MAX_METADATA_KEYS = 50;

/** Applies the fields sent; every update refreshes `updated_at`, `created_at` never moves. */
export async function updateWebhookEndpoint(
	kassa: Kassa,
	principal: Principal,
	id: string,
	input: UpdateWebhookEndpointInput,
	options: WebhookUrlOptions = {}
) {
	if (input.url !== undefined) await assertWebhookUrl(kassa, principal, input.url, options);
	const row = await kassa.db.transaction(async (tx) => {
		const current = await findEndpoint(tx, principal, id, { forUpdate: true });
		if (!current) throw notFound('webhook endpoint', id);
		const changes: EndpointChanges = {};
		if (input.url !== undefined) changes.url = input.url;
		if (input.description !== undefined) changes.description = input.description || null;
		if (input.enabled_events !== undefined)
			changes.enabledEvents = [...new Set(input.enabled_events)];
		if (input.metadata !== undefined)
			changes.metadata = mergeMetadata(current.metadata, input.metadata);
		if (input.status !== undefined) changes.status = input.status;
		return updateEndpoint(tx, principal, id, changes);
	});
	if (!row) throw notFound('webhook endpoint', id);
	return endpointObject(kassa, row);
}

/** Stripe's metadata update: keys merge, a key set to "" is removed, null removes them all. */
function mergeMetadata(
	current: Record<string, string>,
	update: Record<string, string> | null
): Record<string, string> {
	if (update === null) return {};
	const merged = { ...current, ...update };
	for (const [key, value] of Object.entries(update)) if (value === '') delete merged[key];
	if (Object.keys(merged).length > MAX_METADATA_KEYS) {
		throw new KassaError(
			'parameter_invalid',
			`Invalid metadata: may have at most ${MAX_METADATA_KEYS} keys once merged.`,
			{ param: 'metadata' }
		);
	}
	return merged;
}
