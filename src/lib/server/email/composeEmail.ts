import type { Locale } from '$lib/i18n/locales';
import type { EmailKind } from '../db/tables/requests';
import { EMAIL_MESSAGES } from './messages';

export interface EmailFacts {
	merchant: string;
	customerName: string | null;
	/** Amounts already formatted for the locale (`120,00 €`). */
	amount: string;
	amountPaid: string;
	dueAt: Date | null;
	url: string;
	description: string | null;
	items: { name: string; quantity: number; amount: string }[];
	supportEmail: string | null;
	accent: string | null;
	testMode: boolean;
}

export interface ComposedEmail {
	subject: string;
	text: string;
	html: string;
}

const escape = (text: string) =>
	text.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!
	);

/** The request, reminder or receipt e-mail in the payer's language, as plain text and HTML. */
export function composeEmail(kind: EmailKind, facts: EmailFacts, locale: Locale): ComposedEmail {
	const t = EMAIL_MESSAGES[locale];
	const date = facts.dueAt
		? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(facts.dueAt)
		: '';
	const { merchant, amount } = facts;
	const subject =
		kind === 'request'
			? t.requestSubject(merchant, amount)
			: kind === 'reminder'
				? t.reminderSubject(merchant, amount, date)
				: t.receiptSubject(merchant, facts.amountPaid);
	const intro =
		kind === 'request'
			? t.requestIntro(merchant, amount)
			: kind === 'reminder'
				? t.reminderIntro(merchant, amount, date)
				: t.receiptIntro(merchant, facts.amountPaid);
	const action = kind === 'receipt' ? t.details : t.pay;
	const lines = [
		...(facts.testMode ? [`[${t.test}]`, ''] : []),
		t.greeting(facts.customerName),
		'',
		intro,
		...(facts.description ? ['', facts.description] : []),
		...(facts.items.length
			? ['', `${t.items}:`, ...facts.items.map((i) => `  ${i.quantity} × ${i.name}  ${i.amount}`)]
			: []),
		'',
		`${t.total}: ${amount}`,
		...(kind === 'receipt' ? [`${t.paid}: ${facts.amountPaid}`] : []),
		...(facts.dueAt && kind === 'request' ? [t.due(date)] : []),
		'',
		`${action}: ${facts.url}`,
		...(facts.supportEmail ? ['', t.contact(facts.supportEmail)] : []),
		'',
		`— ${merchant}`
	];
	return {
		subject: facts.testMode ? `[TEST] ${subject}` : subject,
		text: `${lines.join('\n')}\n`,
		html: html(facts, {
			intro,
			action,
			greeting: t.greeting(facts.customerName),
			rows: [
				[t.total, amount],
				...(kind === 'receipt' ? [[t.paid, facts.amountPaid]] : []),
				...(facts.dueAt && kind === 'request' ? [[t.due(date), '']] : [])
			],
			items: facts.items.length ? t.items : null,
			banner: facts.testMode ? t.test : null,
			contact: facts.supportEmail ? t.contact(facts.supportEmail) : null
		})
	};
}

interface Parts {
	intro: string;
	action: string;
	greeting: string;
	rows: string[][];
	items: string | null;
	banner: string | null;
	contact: string | null;
}

function html(facts: EmailFacts, p: Parts): string {
	const accent = facts.accent && /^#[0-9a-f]{6}$/i.test(facts.accent) ? facts.accent : '#1f4fd1';
	const cell = 'padding:4px 0';
	const items = facts.items
		.map(
			(i) =>
				`<tr><td style="${cell}">${i.quantity} × ${escape(i.name)}</td><td style="${cell};text-align:right">${escape(i.amount)}</td></tr>`
		)
		.join('');
	const rows = p.rows
		.map(
			([label, value]) =>
				`<tr><td style="${cell}"><strong>${escape(label!)}</strong></td><td style="${cell};text-align:right"><strong>${escape(value!)}</strong></td></tr>`
		)
		.join('');
	return `<!doctype html>
<html><body style="margin:0;padding:24px;font-family:system-ui,sans-serif;color:#111;background:#f6f6f6">
<div style="max-width:560px;margin:0 auto;background:#fff;padding:24px;border-radius:8px">
${p.banner ? `<p style="background:#fff3cd;padding:8px;border-radius:4px">${escape(p.banner)}</p>` : ''}
<p>${escape(p.greeting)}</p>
<p>${escape(p.intro)}</p>
${facts.description ? `<p>${escape(facts.description)}</p>` : ''}
<table role="presentation" style="width:100%;border-collapse:collapse">
${p.items ? `<tr><td colspan="2" style="${cell}"><strong>${escape(p.items)}</strong></td></tr>${items}` : ''}${rows}
</table>
<p style="margin:24px 0"><a href="${escape(facts.url)}" style="background:${accent};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escape(p.action)}</a></p>
<p style="font-size:13px;color:#555">${escape(facts.url)}</p>
${p.contact ? `<p style="font-size:13px;color:#555">${escape(p.contact)}</p>` : ''}
<p style="font-size:13px;color:#555">— ${escape(facts.merchant)}</p>
</div></body></html>
`;
}
