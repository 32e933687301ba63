import { building } from '$app/environment';
import { loadConfig } from '../config/env';
import { createHost } from '../runtime/createHost';
import { registerHost } from '../runtime/host';
import { currentKassa, setCurrentKassa, type Kassa } from '../runtime/Kassa';
import { bootKassa } from '../runtime/bootKassa';

/**
 * Starts the runtime once per process, unless a test already registered one, then registers
 * the host through which scripts/serve.js and scripts/kassa.js reach it.
 */
export async function initRuntime(): Promise<void> {
	if (building) return;
	let kassa: Kassa;
	try {
		kassa = currentKassa();
	} catch {
		kassa = await bootKassa(loadConfig());
		setCurrentKassa(kassa);
	}
	registerHost(createHost(kassa));
}
