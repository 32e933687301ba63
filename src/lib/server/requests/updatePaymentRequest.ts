import type { Principal } from '../accounts/accounts';
import { KassaError, notFound } from '../errors';
import { minorDigits } from '../money/currencies';
import { formatDecimal } from '../money/decimal';
import type { Kassa } from '../runtime/Kassa';
import { buildDraft } from './buildDraft';
import { checkDraftLinks } from './checkDraftLinks';
import { findRequest, updateRequest, type RequestRow } from './repo';
import { requestObject } from './requestObject';
import { requestTransition } from './requestTransition';
import type { CreatePaymentRequestInput, UpdatePaymentRequestInput } from './schemas';

const MAX_METADATA_KEYS = 50;

/** Edits a draft: the fields sent replace the stored ones and the whole draft is checked again. */
export async function updatePaymentRequest(
	kassa: Kassa,
	principal: Principal,
	id: string,
	patch: UpdatePaymentRequestInput
) {
	return kassa.db.transaction(async (tx) => {
		const row = await findRequest(tx, principal, id, true);
		if (!row) throw notFound('payment request', id);
		requestTransition(row.status, 'edit');
		await checkDraftLinks(tx, principal, { due_at: patch.due_at, replaces: patch.replaces }, id);
		const { metadata, ...rest } = patch;
		const merged: CreatePaymentRequestInput = { ...storedInput(row), ...definedOnly(rest) };
		if (patch.amount !== undefined) delete merged.line_items;
		if (patch.line_items !== undefined) delete merged.amount;
		if (metadata !== undefined) merged.metadata = mergeMetadata(row.metadata ?? {}, metadata);
		const terms = buildDraft(kassa, principal.mode, merged);
		const updated = await updateRequest(tx, id, 'draft', terms);
		if (!updated) throw new KassaError('state_conflict', 'The request changed meanwhile; retry.');
		return requestObject(kassa, updated);
	});
}

/** The stored draft in the shape of a create body, so an update is checked exactly as a create. */
function storedInput(row: RequestRow): CreatePaymentRequestInput {
	const terms = row.lineItems.length
		? {
				line_items: row.lineItems.map((item) => ({
					unit_amount: item.unit_amount,
					quantity: item.quantity,
					product_data: { name: item.name, description: item.description, images: item.images }
				}))
			}
		: { amount: formatDecimal(row.amount, minorDigits(row.currency)) };
	return {
		currency: row.currency,
		...terms,
		supported_tokens: row.supportedTokens,
		customer_email: row.customerEmail,
		customer_name: row.customerName,
		description: row.description,
		metadata: row.metadata,
		due_at: row.dueAt,
		locale: row.locale,
		replaces: row.replaces
	};
}

function definedOnly<T extends object>(value: T): Partial<T> {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Stripe's metadata update: keys merge, a key set to "" is removed, null removes them all. */
function mergeMetadata(
	current: Record<string, string>,
	update: Record<string, string> | null
): Record<string, string> | null {
	if (update === null) return null;
	const merged = { ...current, ...update };
	for (const [key, value] of Object.entries(update)) if (value === '') delete merged[key];
	if (Object.keys(merged).length > MAX_METADATA_KEYS) {
		throw new KassaError(
			'parameter_invalid',
			`Invalid metadata: may have at most ${MAX_METADATA_KEYS} keys once merged.`,
			{ param: 'metadata' }
		);
	}
	return merged;
}
