import { randomBytes } from 'node:crypto';
import type { Principal } from '../accounts/accounts';
import { newId } from '../ids/newId';
import type { Kassa } from '../runtime/Kassa';
import { buildDraft } from './buildDraft';
import { checkDraftLinks } from './checkDraftLinks';
import { insertRequest } from './repo';
import { requestObject } from './requestObject';
import type { CreatePaymentRequestInput } from './schemas';
import { addTimeline } from './timeline/repo';

/** A new draft: priced and checked now, editable until it is finalized. */
export async function createPaymentRequest(
	kassa: Kassa,
	principal: Principal,
	input: CreatePaymentRequestInput
) {
	const terms = buildDraft(kassa, principal.mode, input);
	return kassa.db.transaction(async (tx) => {
		await checkDraftLinks(tx, principal, input);
		const now = new Date();
		const row = await insertRequest(tx, {
			id: newId('pr'),
			accountId: principal.accountId,
			mode: principal.mode,
			status: 'draft',
			...terms,
			csrfToken: randomBytes(32).toString('hex'),
			createdAt: now,
			updatedAt: now
		});
		await addTimeline(tx, row.id, 'payment_request.created', { status: 'draft' }, now);
		return requestObject(kassa, row);
	});
}
