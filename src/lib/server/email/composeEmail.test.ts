import { describe, expect, it } from 'vitest';
import { LOCALES } from '$lib/i18n/locales';
import { composeEmail, type EmailFacts } from './composeEmail';

const facts: EmailFacts = {
	merchant: 'Ada <Shop>',
	customerName: 'Grace',
	amount: '$120.00',
	amountPaid: '$120.00',
	dueAt: new Date('2030-01-31T12:00:00Z'),
	url: 'http://kassa.test/pay/pr_1',
	description: 'Invoice "7"',
	items: [{ name: 'Hour & a half', quantity: 2, amount: '$60.00' }],
	supportEmail: 'help@shop.example',
	accent: '#112233',
	testMode: false
};

describe('composeEmail', () => {
	it('writes each kind in every language, with the url in both parts', () => {
		for (const locale of LOCALES) {
			for (const kind of ['request', 'reminder', 'receipt'] as const) {
				const email = composeEmail(kind, facts, locale);
				expect(email.subject, `${locale} ${kind}`).toContain('Ada <Shop>');
				expect(email.text).toContain(facts.url);
				expect(email.html).toContain(`href="${facts.url}"`);
				expect(email.text).toContain('help@shop.example');
			}
		}
	});

	it('says what is asked in English, and escapes the HTML part', () => {
		const email = composeEmail('request', facts, 'en');
		expect(email.subject).toBe('Payment request from Ada <Shop>: $120.00');
		expect(email.text).toContain('Hello Grace,');
		expect(email.text).toContain('Ada <Shop> asks you to pay $120.00.');
		expect(email.text).toContain('Due on January 31, 2030');
		expect(email.text).toContain('2 × Hour & a half  $60.00');
		expect(email.html).toContain('Ada &lt;Shop&gt;');
		expect(email.html).toContain('Invoice &quot;7&quot;');
		expect(email.html).not.toContain('<Shop>');
		expect(email.html).toContain('background:#112233');
	});

	it('marks test mode and thanks for the payment on the receipt', () => {
		const receipt = composeEmail('receipt', { ...facts, testMode: true }, 'de');
		expect(receipt.subject).toBe('[TEST] Zahlungsbestätigung von Ada <Shop>: $120.00');
		expect(receipt.text).toContain('Testmodus');
		expect(receipt.text).toContain('Vielen Dank!');
		const reminder = composeEmail('reminder', facts, 'fr');
		expect(reminder.subject).toContain('31 janvier 2030');
	});
});
