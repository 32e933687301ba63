import { randomBase62 } from '../../ids/newId';
import { runWorkerLoop } from '../../jobs/runWorkerLoop';
import type { Kassa } from '../../runtime/Kassa';
import { claimDueDeliveries } from './claimDueDeliveries';
import { deliverClaimed, type DeliverOptions } from './deliverClaimed';
import { DELIVERY_CHANNEL } from './repo';

export interface WebhookDeliveryOptions extends DeliverOptions {
	/** Idle wait between looks for due deliveries; a new event's NOTIFY wakes the loop sooner. */
	pollMs?: number;
	/** Deliveries claimed at once, and sent in parallel at most `concurrency` at a time. */
	batchSize?: number;
	concurrency?: number;
	/** Tests drive `runOnce` themselves: no loop, no listener. */
	manual?: boolean;
}

export interface WebhookDelivery {
	/** Claims one batch of due deliveries and attempts each; resolves with how many it took. */
	runOnce(): Promise<number>;
	stop(): Promise<void>;
}

/** Longer than one attempt can take: the 15 s send timeout, a 5 s DNS deadline and the writes. */
const LEASE_MS = 60_000;

/** The webhook worker: any number of instances may run it against one database. */
export function startWebhookDelivery(
	kassa: Kassa,
	options: WebhookDeliveryOptions = {}
): WebhookDelivery {
	const { pollMs = 1000, batchSize = 20, concurrency = 8 } = options;
	const now = options.now ?? (() => new Date());

	const runOnce = async (): Promise<number> => {
		const token = randomBase62();
		const claimed = await claimDueDeliveries(kassa.db, {
			token,
			now: now(),
			limit: batchSize,
			leaseMs: LEASE_MS
		});
		const queue = [...claimed];
		const worker = async () => {
			for (let next = queue.shift(); next; next = queue.shift()) {
				try {
					await deliverClaimed(kassa, next, token, options);
				} catch (error) {
					// Left claimed: the lease runs out and the attempt is made again.
					kassa.log.error({ err: error, delivery: next.delivery.id }, 'webhook delivery failed');
				}
			}
		};
		await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
		return claimed.length;
	};

	if (options.manual) return { runOnce, stop: async () => {} };

	const loop = runWorkerLoop(kassa, {
		name: 'webhook delivery',
		channel: DELIVERY_CHANNEL,
		pollMs,
		batchSize,
		runOnce
	});
	return { runOnce, stop: loop.stop };
}
