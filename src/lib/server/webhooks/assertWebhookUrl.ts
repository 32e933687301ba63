import type { Principal } from '../accounts/accounts';
import { KassaError } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { resolveAndCheck, type Resolver } from './delivery/resolveAndCheck';
import { isPrivateAddress } from './isPrivateAddress';

export interface WebhookUrlOptions {
	/** Resolves host names; node:dns by default, injected by tests so no real name is looked up. */
	resolver?: Resolver;
}

/**
 * Decisions §4: live mode sends only to https on a host that neither is nor resolves to a private
 * address; test mode too, unless the operator allows private webhooks (the development default).
 * A name that does not resolve yet is accepted: every send checks it again before connecting.
 */
export async function assertWebhookUrl(
	kassa: Pick<Kassa, 'config'>,
	principal: Principal,
	url: string,
	options: WebhookUrlOptions = {}
): Promise<void> {
	if (principal.mode === 'test' && kassa.config.allowPrivateWebhooks) return;
	const hint = principal.mode === 'test' ? ' (KASSA_ALLOW_PRIVATE_WEBHOOKS is off)' : '';
	const { protocol, hostname } = new URL(url);
	if (protocol !== 'https:') {
		throw new KassaError(
			'parameter_invalid',
			`Webhook URLs must use https in ${principal.mode} mode${hint}.`,
			{ param: 'url' }
		);
	}
	const refuse = (what: string) =>
		new KassaError(
			'parameter_invalid',
			`Webhook URLs may not point at a loopback, private, link-local or metadata address (${what})${hint}.`,
			{ param: 'url' }
		);
	if (isPrivateAddress(hostname)) throw refuse(hostname);
	const resolved = await resolveAndCheck(hostname, {
		resolver: options.resolver,
		allowPrivate: false
	});
	if (!resolved.ok && resolved.reason === 'private')
		throw refuse(`${hostname} resolves to ${resolved.address}`);
}
