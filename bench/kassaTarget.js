// Kassa as `npm start` runs it (built app, fast path), with one open checkout to poll.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.KASSA_DATA_DIR ??= await mkdtemp(join(tmpdir(), 'kassa-bench-'));
process.env.PORT ??= String(3900 + Math.floor(Math.random() * 90));
process.env.LOG_LEVEL ??= 'warn';
process.env.NODE_ENV ??= 'production';
process.env.KASSA_ALLOW_PRIVATE_WEBHOOKS ??= 'on';
const { serve } = await import('../scripts/serve.js');
const server = await serve({ print: false });
const host = Reflect.get(globalThis, Symbol.for('kassa.host'));
const checkout = await host.demoPayment();
process.stdout.write(`${JSON.stringify({ url: server.url, ...checkout })}\n`);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
