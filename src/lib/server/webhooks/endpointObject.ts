import { iso } from '../api/common';
import type { Kassa } from '../runtime/Kassa';
import { isEnabledEvent } from './eventTypes';
import type { EndpointRow } from './repo';
import type { WebhookEndpointObject } from './schemas';

/** A stored endpoint as the API returns it, its secret opened from the sealed column. */
export function endpointObject(
	kassa: Pick<Kassa, 'secrets'>,
	row: EndpointRow
): WebhookEndpointObject {
	return {
		id: row.id,
		object: 'webhook_endpoint',
		account_id: row.accountId,
		livemode: row.mode === 'live',
		url: row.url,
		enabled_events: row.enabledEvents.filter(isEnabledEvent),
		description: row.description,
		secret: kassa.secrets.open(row.secretCiphertext),
		metadata: row.metadata,
		status: row.status,
		created_at: iso(row.createdAt),
		updated_at: iso(row.updatedAt)
	};
}
