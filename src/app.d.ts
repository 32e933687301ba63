import type { Logger } from '$lib/server/log/createLogger';
import type { Kassa } from '$lib/server/runtime/Kassa';

declare global {
	namespace App {
		interface Locals {
			kassa: Kassa;
			log: Logger;
			requestId: string;
			/** The page's language, written into `<html lang>`. */
			lang?: string;
		}
		interface Error {
			message: string;
			requestId?: string;
		}
	}
}

export {};
