import type { Principal } from '../accounts/accounts';
import type { Kassa } from '../runtime/Kassa';
import { closeRequest } from './closeRequest';
import { requestObject } from './requestObject';

/** The merchant's cancel: 409 once funds are seen or a transfer is still confirming. */
export async function cancelPaymentRequest(kassa: Kassa, principal: Principal, id: string) {
	return kassa.db.transaction(async (tx) =>
		requestObject(kassa, await closeRequest(kassa, tx, principal, id))
	);
}
