import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config/env';
import type { Mode } from '../db/tables/columns';
import type { ComposedEmail } from './composeEmail';

export interface OutgoingEmail extends ComposedEmail {
	/** Our delivery id: the `.eml` file name and part of the Message-ID. */
	id: string;
	to: string;
	fromName: string;
	replyTo: string | null;
}

export interface SentEmail {
	transport: 'smtp' | 'file';
	messageId: string;
}

/**
 * The SMTP server of the mode: live mode uses `SMTP_URL`, test mode only ever `SMTP_TEST_URL`, so
 * a test request never reaches a real inbox by accident.
 */
export const smtpUrlFor = (config: Pick<Config, 'smtpUrl' | 'smtpTestUrl'>, mode: Mode) =>
	mode === 'live' ? config.smtpUrl : config.smtpTestUrl;

/**
 * Sends through the mode's SMTP server, or without one writes the message as
 * `<dataDir>/outbox/<mode>/<id>.eml`. Throws what the server answered (see `isPermanent`).
 */
export async function sendEmail(
	config: Pick<Config, 'smtpUrl' | 'smtpTestUrl' | 'dataDir' | 'publicBaseUrl'>,
	mode: Mode,
	email: OutgoingEmail
): Promise<SentEmail> {
	const smtp = smtpUrlFor(config, mode);
	const url = smtp ? new URL(smtp) : null;
	// `?from=billing@shop.example` on the SMTP URL names the sender; the default is no-reply@<our host>.
	const fromAddress =
		url?.searchParams.get('from') ?? `no-reply@${new URL(config.publicBaseUrl).hostname}`;
	url?.searchParams.delete('from');
	const messageId = `<${email.id}@${fromAddress.split('@')[1] ?? 'kassa'}>`;
	const message = {
		from: { name: email.fromName, address: fromAddress },
		to: email.to,
		...(email.replyTo ? { replyTo: email.replyTo } : {}),
		subject: email.subject,
		text: email.text,
		html: email.html,
		messageId
	};
	if (url) {
		const transport = nodemailer.createTransport({
			url: url.toString(),
			connectionTimeout: 10_000,
			greetingTimeout: 10_000,
			socketTimeout: 30_000
		});
		try {
			await transport.sendMail(message);
		} finally {
			transport.close();
		}
		return { transport: 'smtp', messageId };
	}
	const writer = nodemailer.createTransport({
		streamTransport: true,
		buffer: true,
		newline: 'windows'
	});
	const built = await writer.sendMail(message);
	const dir = join(config.dataDir, 'outbox', mode);
	await mkdir(dir, { recursive: true });
	await writeFile(join(dir, `${email.id}.eml`), built.message, { mode: 0o600 });
	return { transport: 'file', messageId };
}

/** An SMTP 5xx answer (a refused recipient, say) will not change on a retry. */
export function isPermanent(error: unknown): boolean {
	if (!(error instanceof Error) || !('responseCode' in error)) return false;
	const code = error.responseCode;
	return typeof code === 'number' && code >= 500 && code < 600;
}

/** One line for the delivery row and the timeline: what the server said, without a stack. */
export function describeEmailError(error: unknown): string {
	const text = error instanceof Error ? error.message : String(error);
	return text.replace(/\s+/g, ' ').slice(0, 500);
}
