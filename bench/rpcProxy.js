// A counting JSON-RPC proxy: Kassa's watcher talks to it, it forwards to anvil and counts.
import { createServer } from 'node:http';

/**
 * Listens on `port` and forwards every POST to `target`, counting HTTP requests, JSON-RPC calls
 * (a batch counts each call) by method, and response bytes.
 * @param {number} port
 * @param {string} target
 */
export async function startRpcProxy(port, target) {
	const counts = {
		requests: 0,
		calls: 0,
		bytes: 0,
		methods: /** @type {Record<string, number>} */ ({})
	};
	const server = createServer(async (req, res) => {
		const chunks = [];
		for await (const chunk of req) chunks.push(chunk);
		const body = Buffer.concat(chunks);
		try {
			const parsed = JSON.parse(body.toString('utf8'));
			const calls = Array.isArray(parsed) ? parsed : [parsed];
			counts.requests += 1;
			counts.calls += calls.length;
			for (const call of calls)
				counts.methods[call.method] = (counts.methods[call.method] ?? 0) + 1;
		} catch {
			counts.requests += 1;
		}
		try {
			const answer = await fetch(target, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body
			});
			const bytes = Buffer.from(await answer.arrayBuffer());
			counts.bytes += bytes.length;
			res.writeHead(answer.status, { 'content-type': 'application/json' }).end(bytes);
		} catch {
			res.writeHead(502).end();
		}
	});
	await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
	return {
		/** A copy of the counters now. */
		snapshot: () => ({ ...counts, methods: { ...counts.methods } }),
		close: () => {
			server.closeAllConnections();
			return new Promise((resolve) => server.close(() => resolve(undefined)));
		}
	};
}
