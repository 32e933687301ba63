import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../isPrivateAddress';
import { describeError } from './describeError';

/** Every address a host name resolves to; injected so tests never ask real DNS. */
export type Resolver = (host: string) => Promise<string[]>;

export const dnsResolver: Resolver = async (host) =>
	(await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export type Resolution =
	| { ok: true; address: string; family: 4 | 6 }
	| { ok: false; reason: 'private'; address: string; message: string }
	| { ok: false; reason: 'unresolved'; message: string };

export interface ResolveOptions {
	resolver?: Resolver;
	/** Test mode with KASSA_ALLOW_PRIVATE_WEBHOOKS on: private addresses are fine. */
	allowPrivate: boolean;
	timeoutMs?: number;
}

/**
 * Resolves a URL hostname and refuses it when it is, or ANY of its addresses is, private. The
 * address returned is the one to connect to, so a later DNS answer cannot swap it (rebinding).
 */
export async function resolveAndCheck(host: string, options: ResolveOptions): Promise<Resolution> {
	const bare = host.replace(/^\[(.*)\]$/, '$1');
	const refused = (address: string): Resolution => ({
		ok: false,
		reason: 'private',
		address,
		message: `${host} ${address === host ? 'is' : `resolves to ${address}, which is`} a loopback, private, link-local or metadata address`
	});
	if (!options.allowPrivate && isPrivateAddress(host)) return refused(host);
	if (isIP(bare)) return { ok: true, address: bare, family: isIP(bare) === 6 ? 6 : 4 };
	let addresses: string[];
	try {
		addresses = await withTimeout(
			(options.resolver ?? dnsResolver)(bare),
			options.timeoutMs ?? 5000
		);
	} catch (error) {
		const why = describeError(error);
		return { ok: false, reason: 'unresolved', message: `${host} could not be resolved (${why})` };
	}
	if (addresses.length === 0 || addresses.some((a) => isIP(a) === 0)) {
		return { ok: false, reason: 'unresolved', message: `${host} resolved to no usable address` };
	}
	const bad = addresses.find((address) => isPrivateAddress(address));
	if (bad && !options.allowPrivate) return refused(bad);
	const address = addresses[0]!;
	return { ok: true, address, family: isIP(address) === 6 ? 6 : 4 };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })), ms);
	});
	return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
