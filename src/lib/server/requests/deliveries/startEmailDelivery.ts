import { randomBase62 } from '../../ids/newId';
import { runWorkerLoop } from '../../jobs/runWorkerLoop';
import type { Kassa } from '../../runtime/Kassa';
import { claimDueDeliveries, EMAIL_CHANNEL } from './repo';
import { sendClaimed } from './sendClaimed';

export interface EmailDeliveryOptions {
	/** Idle wait between looks for due e-mails; a queued e-mail's NOTIFY wakes the loop sooner. */
	pollMs?: number;
	batchSize?: number;
	/** Tests drive `runOnce` themselves: no loop, no listener. */
	manual?: boolean;
	now?: () => Date;
}

export interface EmailDelivery {
	/** Claims one batch of due e-mails and attempts each; resolves with how many it took. */
	runOnce(): Promise<number>;
	stop(): Promise<void>;
}

/** Longer than one SMTP conversation can take (10 s to connect, 30 s of silence at most). */
const LEASE_MS = 2 * 60_000;

/** The e-mail worker: any number of instances may run it against one database. */
export function startEmailDelivery(
	kassa: Kassa,
	options: EmailDeliveryOptions = {}
): EmailDelivery {
	const { pollMs = 1000, batchSize = 10 } = options;
	const now = options.now ?? (() => new Date());

	const runOnce = async (): Promise<number> => {
		const token = randomBase62();
		const claimed = await claimDueDeliveries(kassa.db, {
			token,
			now: now(),
			limit: batchSize,
			leaseMs: LEASE_MS
		});
		for (const row of claimed) {
			try {
				await sendClaimed(kassa, row, token, now);
			} catch (error) {
				// Left processing: the lease runs out and the attempt is made again.
				kassa.log.error({ err: error, delivery: row.id }, 'e-mail delivery failed');
			}
		}
		return claimed.length;
	};

	if (options.manual) return { runOnce, stop: async () => {} };

	const loop = runWorkerLoop(kassa, {
		name: 'e-mail delivery',
		channel: EMAIL_CHANNEL,
		pollMs,
		batchSize,
		runOnce
	});
	return { runOnce, stop: loop.stop };
}
