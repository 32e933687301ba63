import type { Principal } from '../accounts/accounts';
import { newId } from '../ids/newId';
import type { Kassa } from '../runtime/Kassa';
import { assertWebhookUrl, type WebhookUrlOptions } from './assertWebhookUrl';
import { endpointObject } from './endpointObject';
import { generateWebhookSecret } from './generateWebhookSecret';
import { insertEndpoint } from './repo';
import type { CreateWebhookEndpointInput } from './schemas';

/** Registers an endpoint, enabled, with a fresh signing secret stored only sealed. */
export async function createWebhookEndpoint(
	kassa: Kassa,
	principal: Principal,
	input: CreateWebhookEndpointInput,
	options: WebhookUrlOptions = {}
) {
	await assertWebhookUrl(kassa, principal, input.url, options);
	const now = new Date();
	const row = await insertEndpoint(kassa.db, {
		id: newId('we'),
		accountId: principal.accountId,
		mode: principal.mode,
		url: input.url,
		description: input.description || null,
		enabledEvents: [...new Set(input.enabled_events ?? [])],
		metadata: input.metadata ?? {},
		status: 'enabled',
		secretCiphertext: kassa.secrets.seal(generateWebhookSecret()),
		createdAt: now,
		updatedAt: now
	});
	return endpointObject(kassa, row);
}
