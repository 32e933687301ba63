import type { Principal } from '../accounts/accounts';
import { KassaError } from '../errors';
import type { Kassa } from '../runtime/Kassa';
import { isPrivateAddress } from './isPrivateAddress';

/**
 * Decisions §4: live mode sends only to https on a public host; test mode too, unless the operator
 * allows private webhooks (the development default). Names are not resolved here.
 */
export function assertWebhookUrl(
	kassa: Pick<Kassa, 'config'>,
	principal: Principal,
	url: string
): void {
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
	if (isPrivateAddress(hostname)) {
		throw new KassaError(
			'parameter_invalid',
			`Webhook URLs may not point at a loopback, private, link-local or metadata address (${hostname})${hint}.`,
			{
				param: 'url'
			}
		);
	}
}
