import type { Kassa } from '../runtime/Kassa';

export interface WorkerLoopOptions {
	/** What the worker is, for its log lines. */
	name: string;
	/** NOTIFY channel whose messages end the idle wait at once. */
	channel: string;
	/** Idle wait between rounds when a round found less than a full batch. */
	pollMs: number;
	batchSize: number;
	/** One round: claims and handles up to `batchSize` items; resolves with how many it took. */
	runOnce(): Promise<number>;
}

/**
 * Runs rounds until stopped: back to back while batches come full, else after an idle wait that a
 * NOTIFY on `channel` (or a lost listener connection) cuts short. A wake-up that arrives while a
 * round runs is kept, so the next idle wait ends at once.
 */
export function runWorkerLoop(kassa: Kassa, options: WorkerLoopOptions): { stop(): Promise<void> } {
	let stopped = false;
	let woken = false;
	let wake: () => void = () => void (woken = true);
	const idle = () =>
		new Promise<void>((resolve) => {
			const done = () => {
				clearTimeout(timer);
				woken = false;
				wake = () => void (woken = true);
				resolve();
			};
			const timer = setTimeout(done, woken ? 0 : options.pollMs);
			wake = done;
		});
	const unlisten = kassa.database
		.listen(
			options.channel,
			() => wake(),
			() => wake()
		)
		.catch((error: unknown) => {
			kassa.log.warn({ err: error }, `${options.name} wake-ups unavailable; polling only`);
			return async () => {};
		});
	const loop = (async () => {
		while (!stopped) {
			let taken = 0;
			try {
				taken = await options.runOnce();
			} catch (error) {
				kassa.log.error({ err: error }, `${options.name} round failed`);
			}
			if (taken < options.batchSize && !stopped) await idle();
		}
	})();
	return {
		stop: async () => {
			stopped = true;
			wake();
			await loop;
			await (
				await unlisten
			)();
		}
	};
}
