// The yardstick: a bare node:http server answering a fixed JSON body, nothing else.
import { createServer } from 'node:http';

const body = process.argv[2] ?? '{}';
const headers = {
	'content-type': 'application/json; charset=utf-8',
	'cache-control': 'no-store',
	'content-length': Buffer.byteLength(body)
};
const server = createServer((req, res) => {
	res.writeHead(200, headers);
	res.end(body);
});
server.listen(0, '127.0.0.1', () => {
	process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
