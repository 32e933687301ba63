import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
	path: string;
	headers: IncomingHttpHeaders;
	body: string;
	/** What `standardwebhooks` made of it with the endpoint's secret: the payload or the error. */
	verified: unknown;
	verifyError: string | null;
}

type Answer = number | { status: number; headers?: Record<string, string>; hangMs?: number };

/**
 * A merchant's webhook receiver on 127.0.0.1 that verifies every request as the docs tell
 * merchants to: with the npm `standardwebhooks` package and the endpoint's secret.
 */
export async function startReceiver() {
	const received: Received[] = [];
	const secrets = new Map<string, string>();
	const answers = new Map<string, (r: Received) => Answer>();
	let server: Server | undefined;
	let port = 0;

	const handler = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const path = req.url ?? '/';
			const body = Buffer.concat(chunks).toString('utf8');
			const entry: Received = {
				path,
				headers: req.headers,
				body,
				verified: null,
				verifyError: null
			};
			try {
				entry.verified = new Webhook(secrets.get(path) ?? 'whsec_AAAA').verify(body, {
					'webhook-id': String(req.headers['webhook-id']),
					'webhook-timestamp': String(req.headers['webhook-timestamp']),
					'webhook-signature': String(req.headers['webhook-signature'])
				});
			} catch (error) {
				entry.verifyError = (error as Error).message;
			}
			received.push(entry);
			const answer = answers.get(path)?.(entry) ?? 200;
			const {
				status,
				headers = {},
				hangMs = 0
			} = typeof answer === 'number' ? { status: answer } : answer;
			setTimeout(() => {
				if (res.destroyed) return;
				res.writeHead(status, headers).end('ok');
			}, hangMs);
		});
	});

	const listen = () =>
		new Promise<void>((resolve) => {
			server = handler.listen(port, '127.0.0.1', () => {
				port = (handler.address() as AddressInfo).port;
				resolve();
			});
		});
	await listen();

	return {
		received,
		/** A path on this receiver, verified with `secret` once the endpoint is registered. */
		url: (path: string) => `http://127.0.0.1:${port}${path}`,
		trust: (path: string, secret: string) => void secrets.set(path, secret),
		answer: (path: string, fn: (r: Received) => Answer) => void answers.set(path, fn),
		at: (path: string) => received.filter((r) => r.path === path),
		/** Down: nothing listens on the port any more (connections are refused). */
		down: () =>
			new Promise<void>((resolve) => {
				handler.closeAllConnections();
				server?.close(() => resolve());
			}),
		up: listen,
		close: () =>
			new Promise<void>((resolve) => {
				handler.closeAllConnections();
				if (handler.listening) handler.close(() => resolve());
				else resolve();
			})
	};
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
