import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './isPrivateAddress';

/** What `new URL(u).hostname` gives, so the check sees hosts exactly as routes do. */
const host = (url: string) => new URL(url).hostname;

describe('isPrivateAddress', () => {
	it.each([
		'127.0.0.1',
		'127.255.255.254',
		'10.0.0.1',
		'172.16.0.1',
		'172.31.255.255',
		'192.168.1.1',
		'169.254.169.254',
		'169.254.0.1',
		'100.64.0.1',
		'100.127.255.255',
		'0.0.0.0',
		'0.1.2.3',
		'224.0.0.1',
		'255.255.255.255',
		'[::1]',
		'[::]',
		'[fe80::1]',
		'[febf::1]',
		'[fc00::1]',
		'[fd00:ec2::254]',
		'[::ffff:127.0.0.1]',
		'[::ffff:10.0.0.1]',
		'[64:ff9b::10.0.0.1]',
		'localhost',
		'LOCALHOST.',
		'api.localhost',
		'0x7f000001',
		'127.1',
		'2130706433'
	])('refuses %s', (h) => {
		expect(isPrivateAddress(host(`https://${h}/hook`))).toBe(true);
	});

	it.each([
		'8.8.8.8',
		'1.1.1.1',
		'172.32.0.1',
		'172.15.255.255',
		'100.128.0.1',
		'169.255.0.1',
		'11.0.0.1',
		'[2606:4700::1111]',
		'[::ffff:8.8.8.8]',
		'[fec0::1]',
		'shop.example',
		'localhost.shop.example',
		'mylocalhost'
	])('allows %s', (h) => {
		expect(isPrivateAddress(host(`https://${h}/hook`))).toBe(false);
	});

	it('takes bare addresses and names as well as URL hostnames', () => {
		expect(isPrivateAddress('::1')).toBe(true);
		expect(isPrivateAddress('192.168.0.10')).toBe(true);
		expect(isPrivateAddress('example.com')).toBe(false);
	});
});
