import type { StatusBody } from './types';

export interface PollOptions {
	intentId: string;
	credential: string;
	onStatus(body: StatusBody): void;
	/** While the tab is visible (about every 2 s). */
	visibleMs?: number;
	/** While it is hidden: the shopper is in a wallet app; we look again the moment they return. */
	hiddenMs?: number;
}

/** Polls the intent status endpoint with the page credential; returns a function that stops it. */
export function pollStatus(options: PollOptions): () => void {
	const { visibleMs = 2_000, hiddenMs = 15_000 } = options;
	const url = `/v1/payment_intents/${encodeURIComponent(options.intentId)}/status`;
	const headers = { authorization: `Bearer ${options.credential}` };
	let timer: ReturnType<typeof setTimeout> | undefined;
	let stopped = false;
	let inFlight = false;

	const schedule = () => {
		clearTimeout(timer);
		if (!stopped) timer = setTimeout(tick, document.hidden ? hiddenMs : visibleMs);
	};
	async function tick() {
		clearTimeout(timer);
		if (stopped || inFlight) return;
		inFlight = true;
		try {
			const response = await fetch(url, { headers, cache: 'no-store' });
			if (response.ok && !stopped) options.onStatus((await response.json()) as StatusBody);
		} catch {
			// Offline for a moment (a wallet app in front): the next tick tries again.
		} finally {
			inFlight = false;
			schedule();
		}
	}
	const onVisibility = () => (document.hidden ? schedule() : void tick());
	document.addEventListener('visibilitychange', onVisibility);
	window.addEventListener('pageshow', onVisibility);
	schedule();
	return () => {
		stopped = true;
		clearTimeout(timer);
		document.removeEventListener('visibilitychange', onVisibility);
		window.removeEventListener('pageshow', onVisibility);
	};
}
