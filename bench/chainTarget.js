// Kassa as `npm start` runs it (built app, workers on) for the chain benchmark, driven on stdin:
// `open` makes a checkout whose token is chosen (demoPayment); `watch <n>` adds n watched addresses.
import { mkdtemp } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.KASSA_DATA_DIR ??= await mkdtemp(join(tmpdir(), 'kassa-bench-chain-'));
process.env.LOG_LEVEL ??= 'error';
process.env.NODE_ENV ??= 'production';
const { serve } = await import('../scripts/serve.js');
const server = await serve({ print: false, handleSignals: false });
const host = Reflect.get(globalThis, Symbol.for('kassa.host'));

/** Answers on stdout, marked so that log lines there are never taken for them. */
const answer = (value) => process.stdout.write(`@bench ${JSON.stringify(value)}\n`);

/** Watched-address rows of an existing intent, as an issued address has; the watcher loads them. */
async function watch(count) {
	const { rows } = await host.kassa.db.execute(
		'SELECT id, account_id FROM payment_intents ORDER BY created_at LIMIT 1'
	);
	const [intent] = rows;
	await host.kassa.db.execute(
		`INSERT INTO watched_addresses (address, account_id, mode, payment_intent_id)
		 SELECT '0x' || lpad(to_hex(g), 40, '0'), '${intent.account_id}', 'test', '${intent.id}'
		 FROM generate_series(1, ${Number(count)}) g`
	);
	const { rows: total } = await host.kassa.db.execute(
		"SELECT count(*)::int AS n FROM watched_addresses WHERE mode = 'test'"
	);
	return { watched: total[0].n };
}

answer({ url: server.url });
for await (const line of createInterface({ input: process.stdin })) {
	const [command, arg] = line.trim().split(/\s+/);
	if (command === 'open') answer(await host.demoPayment());
	else if (command === 'watch') answer(await watch(arg));
	else if (command === 'stop') break;
}
await server.close();
process.exit(0);
