import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

export interface WebhookRequest {
	url: URL;
	/** The address that passed the SSRF check: the only one the connection may go to. */
	address: string;
	family: 4 | 6;
	headers: Record<string, string>;
	body: string;
	timeoutMs: number;
}

export interface WebhookResponse {
	status: number;
	retryAfter: string | null;
}

/** Performs one POST; injected so tests can prove which addresses would have been contacted. */
export type Connector = (request: WebhookRequest) => Promise<WebhookResponse>;

/**
 * node:http(s) with DNS pinned to the checked address (TLS still verifies the URL's name), no
 * redirects followed (node never follows them), no connection reuse, one overall deadline.
 */
export const httpConnector: Connector = (req) =>
	new Promise((resolve, reject) => {
		const lookup: LookupFunction = (_host, options, callback) => {
			if (options.all) callback(null, [{ address: req.address, family: req.family }]);
			else callback(null, req.address, req.family);
		};
		const options: RequestOptions = {
			method: 'POST',
			headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
			lookup,
			agent: false
		};
		const send = req.url.protocol === 'https:' ? httpsRequest : httpRequest;
		const outgoing = send(req.url, options, (res) => {
			clearTimeout(timer);
			const retryAfter = res.headers['retry-after'];
			resolve({ status: res.statusCode ?? 0, retryAfter: retryAfter ?? null });
			// The body is not needed; dropping the connection frees the socket at once.
			res.destroy();
		});
		const timer = setTimeout(
			() => outgoing.destroy(new Error(`timed out after ${req.timeoutMs} ms`)),
			req.timeoutMs
		);
		outgoing.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		outgoing.end(req.body);
	});
