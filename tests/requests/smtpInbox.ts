import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
	to: string[];
	raw: string;
	/** The raw message with quoted-printable soft breaks and escapes undone, for `toContain`. */
	text: string;
}

/** Undoes quoted-printable soft breaks and escapes (UTF-8), so tests can look for text. */
export function decodeQuotedPrintable(raw: string): string {
	const bytes = raw
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`)
		.replace(/%(?![0-9A-F]{2})/g, '%25');
	try {
		return decodeURIComponent(bytes);
	} catch {
		return bytes;
	}
}

/** A real SMTP server on a free loopback port; recipients containing `reject` are refused with 550. */
export async function smtpInbox() {
	const messages: ReceivedEmail[] = [];
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onRcptTo(address, _session, callback) {
			if (address.address.includes('reject')) {
				const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
				return callback(error);
			}
			callback();
		},
		onData(stream, session, callback) {
			const chunks: Buffer[] = [];
			stream.on('data', (chunk: Buffer) => chunks.push(chunk));
			stream.on('end', () => {
				const raw = Buffer.concat(chunks).toString('utf8');
				const to = session.envelope.rcptTo.map((r) => r.address);
				messages.push({ to, raw, text: decodeQuotedPrintable(raw) });
				callback();
			});
		}
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.server.address() as AddressInfo;
	return {
		url: `smtp://127.0.0.1:${port}`,
		messages,
		close: () => new Promise<void>((resolve) => server.close(() => resolve()))
	};
}
