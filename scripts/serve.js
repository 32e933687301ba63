import { createServer } from 'node:http';

/** @typedef {import('../src/lib/server/runtime/host').KassaHost} KassaHost */
/** @typedef {import('../src/lib/server/runtime/host').FirstRunInfo} FirstRunInfo */
/** @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => unknown} Handler */

const HOST_KEY = Symbol.for('kassa.host');
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Imports the built app; its `init` hook starts the runtime and registers the host.
 * @returns {Promise<{ handler: Handler, host: KassaHost }>}
 */
export async function loadApp() {
	// adapter-node would answer bodies over 512 KB with a plain-text 413; Kassa enforces 1 MiB in its JSON envelope.
	process.env.BODY_SIZE_LIMIT ??= 'Infinity';
	// A computed specifier keeps the type checker out of the generated bundle.
	const entry = '../build/handler.js';
	const { handler } = await import(entry);
	/** @type {KassaHost | undefined} */
	const host = Reflect.get(globalThis, HOST_KEY);
	if (!host)
		throw new Error('build/handler.js registered no Kassa host; rebuild with `npm run build`.');
	return { handler, host };
}

/**
 * Serves Kassa on the configured HOST and PORT: first-run setup, banner, graceful shutdown.
 * Once per process: the bundle starts one runtime, and `close()` ends it.
 * @param {{ print?: boolean, handleSignals?: boolean }} [options]
 * @returns {Promise<{ url: string, firstRun: FirstRunInfo | null, close: () => Promise<void> }>}
 */
export async function serve({ print = true, handleSignals = true } = {}) {
	const { handler, host } = await loadApp();
	const { kassa } = host;
	/** @type {Promise<void> | undefined} */
	let closing;
	const server = createServer((req, res) => {
		if (closing) res.setHeader('connection', 'close');
		if (host.fastPath(req, res)) return;
		respond(handler, req, res).catch((error) => {
			kassa.log.error({ err: error }, 'request failed outside SvelteKit');
			if (res.headersSent) res.destroy();
			else res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error\n');
		});
	});
	// Longer than the idle timeout of common load balancers (60 s), so they never reuse a closed socket.
	server.keepAliveTimeout = 65_000;
	server.headersTimeout = 66_000;
	let firstRun;
	try {
		await new Promise((resolve, reject) => {
			server.once('error', reject);
			server.listen(kassa.config.port, kassa.config.host, () => resolve(undefined));
		});
		// Only once the port is ours: a key made by a start that then fails would never be shown.
		firstRun = await host.firstRun();
	} catch (error) {
		if (server.listening) await new Promise((resolve) => server.close(resolve));
		await kassa.close();
		throw error;
	}
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : kassa.config.port;
	const url = `http://${displayHost(kassa.config.host)}:${port}`;
	kassa.log.info({ url }, 'listening');
	if (print) process.stdout.write(banner(url, kassa, firstRun));

	const close = () =>
		(closing ??= (async () => {
			const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
			// Keep-alive sockets go as soon as they are idle; in-flight requests get a grace period.
			const sweep = setInterval(() => server.closeIdleConnections(), 100);
			const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
			server.closeIdleConnections();
			await closed;
			clearInterval(sweep);
			clearTimeout(deadline);
			await kassa.close();
		})());

	if (handleSignals) {
		/** @param {NodeJS.Signals} signal */
		const stop = (signal) => {
			if (closing) return; // npm forwards the terminal's SIGINT: the child sees Ctrl-C twice.
			kassa.log.info({ signal }, 'shutting down');
			close().then(
				() => process.exit(0),
				(error) => {
					kassa.log.error({ err: error }, 'shutdown failed');
					process.exit(1);
				}
			);
		};
		process.on('SIGTERM', stop);
		process.on('SIGINT', stop);
	}
	return { url, firstRun, close };
}

/**
 * @param {Handler} handler
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function respond(handler, req, res) {
	// SvelteKit's own handler answers every path; `next` is only reached if that ever changes.
	await handler(
		req,
		res,
		() => void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n')
	);
}

/** @param {string} host */
function displayHost(host) {
	if (host === '0.0.0.0') return '127.0.0.1';
	if (host === '::') return '[::1]';
	return host.includes(':') ? `[${host}]` : host;
}

/**
 * @param {string} url
 * @param {KassaHost['kassa']} kassa
 * @param {FirstRunInfo | null} firstRun
 */
function banner(url, kassa, firstRun) {
	const lines = ['', `Kassa is listening on ${url} (public URL ${kassa.config.publicBaseUrl})`, ''];
	if (firstRun) {
		const body = JSON.stringify({
			success_url: 'https://example.com/success?session_id={CHECKOUT_SESSION_ID}',
			cancel_url: 'https://example.com/cancel',
			currency: 'usd',
			line_items: [{ unit_amount: '20.00', quantity: 1, product_data: { name: 'T-shirt' } }]
		});
		lines.push(`Test API key: ${firstRun.key}`);
		lines.push(
			firstRun.checkoutUrl
				? `Demo checkout: ${firstRun.checkoutUrl}`
				: 'Demo checkout: none (test mode offers no token: set KASSA_DEV_CHAINS=on or a KASSA_TEST_RPC_URL_<CHAIN>)'
		);
		lines.push('', 'Create a checkout session:');
		lines.push(
			`curl -s ${url}/api/v1/checkout_sessions -H "Authorization: Bearer ${firstRun.key}" -H "Content-Type: application/json" -d '${body}'`
		);
		lines.push('', 'The key is printed only on this first start: keep it.');
	} else {
		lines.push('API keys: npm run kassa -- keys create --account <acct_…> --mode test|live');
		lines.push('          (npm run kassa -- accounts list shows the accounts)');
		if (!kassa.config.databaseUrl) {
			lines.push('          Stop this server first: the embedded database admits one process.');
		}
	}
	return `${lines.join('\n')}\n\n`;
}

/**
 * Prints why Kassa could not start, as one clear message for the errors an operator can fix.
 * @param {unknown} error
 * @returns {never}
 */
export function failAtStart(error) {
	process.stderr.write(`${startErrorMessage(error)}\n`);
	process.exit(1);
}

/** @param {unknown} error */
function startErrorMessage(error) {
	if (!(error instanceof Error)) return `Error: ${String(error)}`;
	if (['ConfigError', 'KassaError', 'BuildError'].includes(error.name))
		return `Error: ${error.message}`;
	const code = Reflect.get(error, 'code');
	if (code === 'EADDRINUSE')
		return `Error: ${describeAddress(error)} is already in use: stop what uses it, or set PORT.`;
	if (code === 'EACCES')
		return `Error: no permission to listen on ${describeAddress(error)}: set PORT above 1023.`;
	return error.stack ?? error.message;
}

/** @param {Error} error */
function describeAddress(error) {
	return `${Reflect.get(error, 'address') ?? 'the address'}:${Reflect.get(error, 'port') ?? ''}`;
}
