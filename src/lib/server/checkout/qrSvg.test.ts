import { describe, expect, it } from 'vitest';
import { qrSvg } from './qrSvg';

describe('qrSvg', () => {
	it('renders an inline SVG hidden from assistive technology, with no script', async () => {
		const svg = await qrSvg('ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer');
		expect(svg).toMatch(
			/^<svg aria-hidden="true" focusable="false" xmlns="http:\/\/www\.w3\.org\/2000\/svg"/
		);
		expect(svg).toContain('viewBox=');
		expect(svg).not.toMatch(/<script|on\w+=/i);
	});
});
