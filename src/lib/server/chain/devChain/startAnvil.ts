import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import { anvilBinary } from './anvilBinary';

export interface AnvilOptions {
	chainId: number;
	port: number;
	host?: string;
	/** Seconds between blocks (default 1); 0 mines each transaction as it arrives instead. */
	blockTime?: number;
	/** Chain state kept across restarts: loaded at start, written every few seconds and at exit. */
	stateFile?: string;
	/** Hides anvil's own log (default true); its stderr is always kept for error messages. */
	silent?: boolean;
}

export interface Anvil {
	url: string;
	chainId: number;
	pid: number;
	/** SIGTERM (anvil then writes its state file), SIGKILL after 5 s; resolves once it exited. */
	stop(): Promise<void>;
	/** Ends the node at once, as a crash would (for tests of durability). */
	kill(): void;
}

const READY_TIMEOUT_MS = 15_000;
const STOP_GRACE_MS = 5_000;
// --state loads the file and dumps on SIGTERM/SIGINT; the interval bounds a hard kill's loss to 5 s.
const STATE_INTERVAL_S = 5;

/** Starts a real EVM node (anvil, spawned directly so its pid is the node) and waits until it answers. */
export async function startAnvil(options: AnvilOptions): Promise<Anvil> {
	const { chainId, port, host = '127.0.0.1', blockTime = 1, stateFile, silent = true } = options;
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
	await assertPortFree(host, port);
	const args = ['--host', host, '--port', String(port), '--chain-id', String(chainId)];
	if (blockTime > 0) args.push('--block-time', String(blockTime));
	if (stateFile) {
		mkdirSync(dirname(stateFile), { recursive: true });
		args.push('--state', stateFile, '--state-interval', String(STATE_INTERVAL_S));
	}
	if (silent) args.push('--quiet');

	const child = spawn(anvilBinary(), args, {
		stdio: ['ignore', silent ? 'ignore' : 'inherit', 'pipe']
	});
	let stderr = '';
	child.stderr.setEncoding('utf8');
	child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4_000)));
	const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
	const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve));
	// Kassa's exit, even by a crash, ends the node too (SIGTERM, so it still writes its state file).
	const stopOnExit = () => child.kill('SIGTERM');
	const forget = () => process.removeListener('exit', stopOnExit);
	process.on('exit', stopOnExit);

	const fail = (message: string, cause?: unknown) => {
		forget();
		child.kill('SIGKILL');
		const output = stderr.trim();
		return new Error(output ? `${message}\nanvil said: ${output}` : message, { cause });
	};
	const deadline = Date.now() + READY_TIMEOUT_MS;
	for (;;) {
		const answer = await Promise.race([chainIdAt(url), spawnFailed, exited.then(() => 'exited')]);
		if (answer instanceof Error) throw fail(`Could not run anvil: ${answer.message}`, answer);
		if (answer === 'exited' || child.exitCode !== null || child.signalCode !== null) {
			throw fail(exitMessage(stderr, url, stateFile));
		}
		if (answer === chainId) break;
		if (answer !== undefined) throw fail(`${url} answers as chain ${answer}, not ${chainId}`);
		if (Date.now() > deadline) throw fail(`anvil did not answer on ${url} within 15 s`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}

	const pid = child.pid;
	if (pid === undefined) throw fail('anvil started without a process id');
	return {
		url,
		chainId,
		pid,
		kill: () => {
			forget();
			child.kill('SIGKILL');
		},
		stop: async () => {
			forget();
			if (child.exitCode !== null || child.signalCode !== null) return;
			child.kill('SIGTERM');
			const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
			await exited;
			clearTimeout(timer);
		}
	};
}

/** Refuses early: otherwise a node already on the port could answer in place of the new one. */
async function assertPortFree(host: string, port: number): Promise<void> {
	const server = createServer();
	await new Promise<void>((resolve, reject) => {
		server.once('error', (error: NodeJS.ErrnoException) => {
			const taken = error.code === 'EADDRINUSE';
			const message = taken
				? `Port ${port} on ${host} is already in use: is an anvil left over from a Kassa that was killed? Stop it, or choose another port.`
				: `Cannot listen on ${host}:${port} for a local test chain: ${error.message}`;
			reject(new Error(message, { cause: error }));
		});
		server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()));
	});
}

function exitMessage(stderr: string, url: string, stateFile: string | undefined): string {
	if (/address already in use/i.test(stderr))
		return `anvil could not listen on ${url}: the port is already in use`;
	if (stateFile && /--state|load state|parse json/i.test(stderr)) {
		return (
			`anvil could not load its saved chain state from ${stateFile} (cut short by a hard kill?). ` +
			'Restore the file, or delete it to start a new chain (Kassa then refuses it: its genesis differs).'
		);
	}
	return `anvil exited while starting on ${url}`;
}

/** The node's chain id, or undefined while nothing answers yet. */
async function chainIdAt(url: string): Promise<number | undefined> {
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
			signal: AbortSignal.timeout(1_000)
		});
		const body: unknown = await response.json();
		const result =
			typeof body === 'object' && body !== null && 'result' in body ? body.result : undefined;
		return typeof result === 'string' ? Number(result) : undefined;
	} catch {
		return undefined;
	}
}
