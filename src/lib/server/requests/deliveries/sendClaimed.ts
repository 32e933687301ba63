import { composeEmail } from '../../email/composeEmail';
import { describeEmailError, isPermanent, sendEmail } from '../../email/sendEmail';
import type { Kassa } from '../../runtime/Kassa';
import { findRequestById } from '../repo';
import { addTimeline } from '../timeline/repo';
import { emailFacts } from './emailFacts';
import { settleDelivery, type EmailDeliveryRow } from './repo';

/** Waits after the 1st, 2nd, … failed attempt; after the last one the e-mail is `failed`. */
export const EMAIL_RETRY_DELAYS_MS = [
	60_000,
	5 * 60_000,
	30 * 60_000,
	2 * 3_600_000,
	8 * 3_600_000
];

/**
 * Makes one attempt at a claimed e-mail and records it (the row's next state and a timeline
 * entry). A request or reminder for a request no longer open is canceled instead of sent.
 */
export async function sendClaimed(
	kassa: Pick<Kassa, 'db' | 'config' | 'log'>,
	row: EmailDeliveryRow,
	token: string,
	now: () => Date = () => new Date()
): Promise<void> {
	const claim = { id: row.id, token };
	const request = (await findRequestById(kassa.db, row.paymentRequestId))!;
	const entry = { delivery_id: row.id, kind: row.kind, recipient: row.recipient };
	if (row.kind !== 'receipt' && request.status !== 'open') {
		await kassa.db.transaction(async (tx) => {
			if (await settleDelivery(tx, claim, { status: 'canceled', nextAttemptAt: null }))
				await addTimeline(tx, request.id, 'email.canceled', { ...entry, reason: request.status });
		});
		return;
	}
	const attempt = row.attemptCount + 1;
	const startedAt = now();
	const composed = composeEmail(row.kind, emailFacts(kassa, request), row.locale);
	try {
		const sent = await sendEmail(kassa.config, row.mode, {
			...composed,
			id: row.id,
			to: row.recipient,
			fromName: request.branding?.display_name || 'Kassa',
			replyTo: request.branding?.support_email ?? null
		});
		await kassa.db.transaction(async (tx) => {
			const settled = await settleDelivery(tx, claim, {
				status: 'sent',
				attemptCount: attempt,
				nextAttemptAt: null,
				lastAttemptAt: startedAt,
				lastError: null,
				transport: sent.transport,
				messageId: sent.messageId,
				sentAt: now()
			});
			if (settled)
				await addTimeline(tx, request.id, 'email.sent', {
					...entry,
					attempt,
					transport: sent.transport
				});
		});
	} catch (error) {
		const message = describeEmailError(error);
		const delay = isPermanent(error) ? undefined : EMAIL_RETRY_DELAYS_MS[attempt - 1];
		const next = delay === undefined ? null : new Date(startedAt.getTime() + delay);
		await kassa.db.transaction(async (tx) => {
			const settled = await settleDelivery(tx, claim, {
				status: next ? 'pending' : 'failed',
				attemptCount: attempt,
				nextAttemptAt: next,
				lastAttemptAt: startedAt,
				lastError: message
			});
			if (settled) {
				const retry = next?.toISOString() ?? null;
				await addTimeline(tx, request.id, 'email.failed', {
					...entry,
					attempt,
					error: message,
					next_attempt_at: retry
				});
			}
		});
		kassa.log.warn({ delivery: row.id, attempt, error: message }, 'e-mail attempt failed');
	}
}
