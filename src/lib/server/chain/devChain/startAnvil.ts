import { spawn } from 'node:child_process';
import { anvilBinary } from './anvilBinary';

export interface AnvilOptions {
	chainId: number;
	port: number;
	host?: string;
	/** Seconds between blocks; 0 mines on every transaction. */
	blockTime?: number;
	/** Chain state kept across restarts: loaded at start, written every second and at exit. */
	stateFile?: string;
}

export interface Anvil {
	url: string;
	pid: number;
	stop(): Promise<void>;
	/** Ends the node at once, as a crash would (tests of durability). */
	kill(): void;
}

/** Starts a real EVM node on loopback and waits until it answers. */
export async function startAnvil(options: AnvilOptions): Promise<Anvil> {
	const host = options.host ?? '127.0.0.1';
	const args = [
		'--host',
		host,
		'--port',
		String(options.port),
		'--chain-id',
		String(options.chainId),
		'--silent'
	];
	if (options.blockTime) args.push('--block-time', String(options.blockTime));
	if (options.stateFile) args.push('--state', options.stateFile, '--state-interval', '1');
	const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
	let stderr = '';
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const exited = new Promise<number | null>((resolve) =>
		child.once('exit', (code) => resolve(code))
	);
	const killOnExit = () => child.kill('SIGKILL');
	process.once('exit', killOnExit);
	const url = `http://${host}:${options.port}`;
	const deadline = Date.now() + 15_000;
	for (;;) {
		if (child.exitCode !== null)
			throw new Error(`anvil exited at start (port ${options.port} in use?): ${stderr.trim()}`);
		if (await answers(url, options.chainId)) break;
		if (Date.now() > deadline) {
			child.kill('SIGKILL');
			throw new Error(`anvil did not answer on ${url} within 15 s: ${stderr.trim()}`);
		}
		await new Promise((r) => setTimeout(r, 50));
	}
	return {
		url,
		pid: child.pid!,
		kill: () => {
			child.kill('SIGKILL');
		},
		stop: async () => {
			process.removeListener('exit', killOnExit);
			if (child.exitCode !== null) return;
			child.kill('SIGTERM');
			const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
			await exited;
			clearTimeout(timer);
		}
	};
}

async function answers(url: string, chainId: number): Promise<boolean> {
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
		});
		const body = (await response.json()) as { result?: string };
		if (body.result && Number(body.result) !== chainId)
			throw new Error(
				`Port answers with chain ${Number(body.result)}, not ${chainId}: another node runs there`
			);
		return body.result !== undefined;
	} catch (error) {
		if (error instanceof Error && error.message.includes('another node')) throw error;
		return false;
	}
}
