import { describe, expect, it, vi } from 'vitest';
import { resolveAndCheck, type Resolver } from './resolveAndCheck';

/** A fake DNS: tests never ask real DNS about names. */
const fake =
	(answers: Record<string, string[]>): Resolver =>
	async (host) => {
		const found = answers[host];
		if (!found)
			throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
		return found;
	};

const resolver = fake({
	'shop.example': ['93.184.215.14', '2606:4700::1111'],
	'v6.example': ['2606:4700::1111'],
	'mixed.example': ['93.184.215.14', '192.168.1.5'],
	'loop.example': ['127.0.0.1'],
	'empty.example': []
});

describe('resolveAndCheck', () => {
	it('returns the first address of a public name, to be connected to as checked', async () => {
		expect(await resolveAndCheck('shop.example', { resolver, allowPrivate: false })).toEqual({
			ok: true,
			address: '93.184.215.14',
			family: 4
		});
		expect(await resolveAndCheck('v6.example', { resolver, allowPrivate: false })).toMatchObject({
			address: '2606:4700::1111',
			family: 6
		});
	});

	it('refuses a name when any address it resolves to is private', async () => {
		expect(await resolveAndCheck('mixed.example', { resolver, allowPrivate: false })).toMatchObject(
			{
				ok: false,
				reason: 'private',
				address: '192.168.1.5'
			}
		);
		expect(await resolveAndCheck('loop.example', { resolver, allowPrivate: false })).toMatchObject({
			reason: 'private'
		});
	});

	it('checks literal addresses without resolving', async () => {
		const spy = vi.fn(resolver);
		expect(await resolveAndCheck('[::1]', { resolver: spy, allowPrivate: false })).toMatchObject({
			reason: 'private'
		});
		expect(
			await resolveAndCheck('169.254.169.254', { resolver: spy, allowPrivate: false })
		).toMatchObject({
			reason: 'private'
		});
		expect(
			await resolveAndCheck('[2606:4700::1111]', { resolver: spy, allowPrivate: false })
		).toEqual({
			ok: true,
			address: '2606:4700::1111',
			family: 6
		});
		expect(spy).not.toHaveBeenCalled();
	});

	it('allows private addresses only when told to (test mode, operator setting on)', async () => {
		expect(await resolveAndCheck('loop.example', { resolver, allowPrivate: true })).toMatchObject({
			ok: true,
			address: '127.0.0.1'
		});
		expect(await resolveAndCheck('127.0.0.1', { resolver, allowPrivate: true })).toMatchObject({
			ok: true
		});
	});

	it('reports names that do not resolve, resolve to nothing, or take too long', async () => {
		expect(
			await resolveAndCheck('nowhere.example', { resolver, allowPrivate: false })
		).toMatchObject({
			ok: false,
			reason: 'unresolved'
		});
		expect(await resolveAndCheck('empty.example', { resolver, allowPrivate: false })).toMatchObject(
			{
				reason: 'unresolved'
			}
		);
		const slow: Resolver = () => new Promise(() => {});
		const result = await resolveAndCheck('slow.example', {
			resolver: slow,
			allowPrivate: false,
			timeoutMs: 20
		});
		expect(result).toMatchObject({ reason: 'unresolved' });
	});
});
