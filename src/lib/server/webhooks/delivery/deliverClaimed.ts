import type { Kassa } from '../../runtime/Kassa';
import { newId } from '../../ids/newId';
import type { ClaimedDelivery } from './claimDueDeliveries';
import { eventPayload } from './eventPayload';
import { disableEndpoint, insertAttempt, settleDelivery } from './repo';
import { retryDelay } from './retrySchedule';
import { sendWebhook, type SendOptions } from './sendWebhook';

export interface DeliverOptions extends SendOptions {
	random?: () => number;
}

/** A Retry-After beyond a day is read as a day: the schedule still ends the delivery. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Makes one attempt at a claimed delivery and records it with the delivery's next state. */
export async function deliverClaimed(
	kassa: Pick<Kassa, 'db' | 'config' | 'secrets' | 'log'>,
	claimed: ClaimedDelivery,
	token: string,
	options: DeliverOptions = {}
): Promise<void> {
	const { delivery, endpoint, event } = claimed;
	const claim = { id: delivery.id, lockToken: token };
	if (endpoint.deletedAt || endpoint.status !== 'enabled') {
		const lastError = `endpoint ${endpoint.deletedAt ? 'deleted' : 'disabled'}; not sent`;
		return settleDelivery(kassa.db, claim, { status: 'disabled', nextAttemptAt: null, lastError });
	}
	const strict = delivery.mode === 'live' || !kassa.config.allowPrivateWebhooks;
	const startedAt = (options.now ?? (() => new Date()))();
	const outcome = await sendWebhook(
		{
			url: endpoint.url,
			secret: kassa.secrets.open(endpoint.secretCiphertext),
			id: event.id,
			body: eventPayload(event),
			allowPrivate: !strict,
			requireHttps: strict
		},
		options
	);
	const attempt = delivery.attemptCount + 1;
	const delay = outcome.result === 'failed' ? retryDelay(attempt, options.random) : null;
	const wait =
		delay === null
			? null
			: Math.max(delay, Math.min(outcome.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
	const status =
		outcome.result === 'succeeded'
			? 'succeeded'
			: outcome.result === 'gone'
				? 'disabled'
				: wait === null
					? 'failed'
					: 'pending';
	await kassa.db.transaction(async (tx) => {
		await insertAttempt(tx, {
			id: newId('wha'),
			deliveryId: delivery.id,
			eventId: event.id,
			endpointId: endpoint.id,
			accountId: delivery.accountId,
			mode: delivery.mode,
			attempt,
			succeeded: outcome.result === 'succeeded',
			statusCode: outcome.statusCode,
			latencyMs: outcome.latencyMs,
			error: outcome.error,
			createdAt: startedAt
		});
		await settleDelivery(tx, claim, {
			status,
			attemptCount: attempt,
			nextAttemptAt: wait === null ? null : new Date(startedAt.getTime() + wait),
			lastAttemptAt: startedAt,
			lastStatusCode: outcome.statusCode,
			lastError: outcome.error
		});
		if (outcome.result === 'gone') await disableEndpoint(tx, endpoint.id, delivery.id);
	});
	const log = { delivery: delivery.id, event: event.id, endpoint: endpoint.id, attempt, status };
	if (outcome.result === 'succeeded') kassa.log.debug(log, 'webhook delivered');
	else
		kassa.log.warn(
			{ ...log, code: outcome.statusCode, error: outcome.error },
			'webhook attempt failed'
		);
}
