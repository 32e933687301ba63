import { building } from '$app/environment';
import { loadConfig } from '../config/env';
import { currentKassa, setCurrentKassa } from '../runtime/Kassa';
import { bootKassa } from '../runtime/bootKassa';

/** Starts the runtime once per process, unless a host (server.js, the CLI, a test) already did. */
export async function initRuntime(): Promise<void> {
	if (building) return;
	try {
		currentKassa();
		return;
	} catch {
		// Not started yet: this process is plain adapter-node (`node build`).
	}
	setCurrentKassa(await bootKassa(loadConfig()));
}
