import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Ranges a webhook must never reach: they lead into the operator's own network or cloud. */
const refused = new BlockList();
for (const [network, prefix] of [
	['0.0.0.0', 8], // "this network"
	['10.0.0.0', 8], // private
	['100.64.0.0', 10], // carrier-grade NAT
	['127.0.0.0', 8], // loopback
	['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
	['172.16.0.0', 12], // private
	['192.168.0.0', 16], // private
	['224.0.0.0', 4], // multicast
	['240.0.0.0', 4] // reserved, broadcast
] as const) {
	refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
	['::', 96], // unspecified, loopback ::1, deprecated IPv4-compatible
	['64:ff9b::', 96], // NAT64: translates to any IPv4 address, private ones included
	['64:ff9b:1::', 48], // local-use NAT64
	['fc00::', 7], // unique-local, AWS metadata fd00:ec2::254
	['fe80::', 10], // link-local
	['ff00::', 8] // multicast
] as const) {
	refused.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether `host` (a URL hostname: name, IPv4, or bracketed IPv6) is `localhost` or a literal
 * address in a refused range. Names are not resolved here. IPv4-mapped IPv6 counts as its IPv4.
 */
export function isPrivateAddress(host: string): boolean {
	const bare = host
		.toLowerCase()
		.replace(/^\[(.*)\]$/, '$1')
		.replace(/\.$/, '');
	if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
	if (isIPv4(bare)) return refused.check(bare, 'ipv4');
	if (isIPv6(bare)) return refused.check(bare, 'ipv6');
	return false;
}
