import type { Principal } from '../accounts/accounts';
import { findAccount } from '../accounts/repo';
import type { BrandingSnapshot } from '../db/tables/requests';
import { KassaError, notFound } from '../errors';
import { recordEvent } from '../events/recordEvent';
import type { Kassa } from '../runtime/Kassa';
import { closeRequest } from './closeRequest';
import { queueEmail } from './deliveries/queueEmail';
import { findRequest, updateRequest } from './repo';
import { requestObject, requestUrl } from './requestObject';
import { requestTransition } from './requestTransition';
import { addTimeline } from './timeline/repo';

/**
 * Draft → open: the terms are locked from here on, the account's branding is copied in, the public
 * `url` is live and the request e-mail is queued. A replacement cancels its original in the same
 * transaction (409 if the original has funds).
 */
export async function finalizePaymentRequest(kassa: Kassa, principal: Principal, id: string) {
	return kassa.db.transaction(async (tx) => {
		const row = await findRequest(tx, principal, id, true);
		if (!row) throw notFound('payment request', id);
		const next = requestTransition(row.status, 'finalize');
		if (row.replaces) {
			const original = await findRequest(tx, principal, row.replaces);
			// An original canceled meanwhile needs nothing more; a paid one answers 409 below.
			if (original && original.status !== 'canceled')
				await closeRequest(kassa, tx, principal, original.id, { replacedBy: id });
		}
		const account = await findAccount(tx, row.accountId);
		const branding: BrandingSnapshot = {
			display_name: account?.displayName || account?.name || '',
			logo_url: account?.logoUrl ?? null,
			accent_color: account?.accentColor ?? null,
			support_email: account?.supportEmail ?? null
		};
		const now = new Date();
		const open = await updateRequest(tx, id, 'draft', { status: next, branding, finalizedAt: now });
		if (!open) throw new KassaError('state_conflict', 'The request changed meanwhile; retry.');
		await addTimeline(
			tx,
			id,
			'payment_request.finalized',
			{ from: 'draft', to: next, url: requestUrl(kassa, id) },
			now
		);
		const object = requestObject(kassa, open);
		await recordEvent(tx, {
			accountId: open.accountId,
			mode: open.mode,
			type: 'payment_request.finalized',
			object
		});
		await queueEmail(tx, open, 'request', now);
		return object;
	});
}
