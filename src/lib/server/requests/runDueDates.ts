import type { Kassa } from '../runtime/Kassa';
import { queueEmail } from './deliveries/queueEmail';
import { takeDueReminders, takeOverdue } from './repo';
import { addTimeline } from './timeline/repo';

/** The reminder goes out this long before `due_at`. */
export const REMINDER_LEAD_MS = 24 * 60 * 60_000;

/**
 * The due-date job (run every minute or so, on any number of instances): queues the reminder a day
 * before `due_at` and flags open requests past it as `overdue`. The status stays `open`.
 */
export async function runDueDates(
	kassa: Pick<Kassa, 'db'>,
	now = new Date()
): Promise<{ reminders: number; overdue: number }> {
	return kassa.db.transaction(async (tx) => {
		const reminders = await takeDueReminders(tx, now, REMINDER_LEAD_MS);
		for (const request of reminders) await queueEmail(tx, request, 'reminder', now);
		const overdue = await takeOverdue(tx, now);
		for (const request of overdue) {
			await addTimeline(
				tx,
				request.id,
				'payment_request.overdue',
				{ due_at: request.dueAt?.toISOString() ?? null },
				now
			);
		}
		return { reminders: reminders.length, overdue: overdue.length };
	});
}
