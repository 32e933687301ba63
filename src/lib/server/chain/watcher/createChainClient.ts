import { createPublicClient, http, type PublicClient } from 'viem';

export interface RpcCounter {
	calls: number;
	requests: number;
	bytes: number;
}

/**
 * A viem client for a watcher: no block-number cache (it would hide new blocks for 4 s) and
 * JSON-RPC batching, so a range's headers cost one HTTP request.
 */
export function createChainClient(url: string, counter?: RpcCounter): PublicClient {
	return createPublicClient({
		cacheTime: 0,
		pollingInterval: 250,
		transport: http(url, {
			batch: { batchSize: 200, wait: 0 },
			retryCount: 0,
			timeout: 15_000,
			onFetchRequest: counter
				? async (request) => {
						const body: unknown = JSON.parse(await request.clone().text());
						counter.requests += 1;
						counter.calls += Array.isArray(body) ? body.length : 1;
					}
				: undefined,
			onFetchResponse: counter
				? async (response) => {
						counter.bytes += (await response.clone().arrayBuffer()).byteLength;
					}
				: undefined
		})
	});
}
