import { sql } from 'drizzle-orm';
import {
	createAccount,
	createApiKey,
	ensureBootstrapKey,
	type Principal
} from '../accounts/accounts';
import { listAccounts } from '../accounts/repo';
import { createCheckoutSession } from '../checkout/createCheckoutSession';
import { listSessions } from '../checkout/repo';
import { CreateCheckoutSessionInput } from '../checkout/schemas';
import type { Queryable } from '../db/openDatabase';
import { findRate } from '../rates/findRate';
import type { FirstRunInfo } from './host';
import type { Kassa } from './Kassa';

/** Instances starting together on one empty PostgreSQL database make one development account. */
export const FIRST_RUN_LOCK = 7_246_118_302;

/**
 * On an empty database: a "Development" account, a test key and a demo checkout session, so the
 * start banner can show something that works. With KASSA_BOOTSTRAP_KEY, that key's account is
 * used instead (while it is the only account and has no session yet). Otherwise null.
 */
export async function firstRun(kassa: Kassa): Promise<FirstRunInfo | null> {
	const claimed = await kassa.db.transaction(async (tx) => {
		await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(${FIRST_RUN_LOCK})`));
		const bootstrapKey = kassa.config.bootstrapKey;
		if (bootstrapKey) {
			const principal = await ensureBootstrapKey(tx, bootstrapKey);
			return (await untouched(tx, principal)) ? { principal, key: bootstrapKey } : null;
		}
		if ((await listAccounts(tx)).length > 0) return null;
		const account = await createAccount(tx, { name: 'Development' });
		const { key } = await createApiKey(tx, { accountId: account.id, mode: 'test' });
		const principal: Principal = { accountId: account.id, mode: 'test', livemode: false };
		return { principal, key };
	});
	if (!claimed) return null;
	const { principal, key } = claimed;
	return {
		accountId: principal.accountId,
		key,
		checkoutUrl: await demoCheckoutUrl(kassa, principal)
	};
}

async function untouched(db: Queryable, principal: Principal): Promise<boolean> {
	const accounts = await listAccounts(db);
	if (accounts.length !== 1 || accounts[0]?.id !== principal.accountId) return false;
	return (await listSessions(db, principal, { limit: 1 })).length === 0;
}

/** A session paying 20.00 USD in any token test mode offers; null when it offers none. */
async function demoCheckoutUrl(kassa: Kassa, principal: Principal): Promise<string | null> {
	if (
		!kassa.registry
			.tokens(principal.mode)
			.some((token) => findRate('USD', token, kassa.config.rates))
	)
		return null;
	const base = kassa.config.publicBaseUrl;
	const input = CreateCheckoutSessionInput.parse({
		success_url: `${base}/?demo=success&session_id={CHECKOUT_SESSION_ID}`,
		cancel_url: `${base}/?demo=cancel`,
		currency: 'usd',
		line_items: [{ unit_amount: '20.00', quantity: 1, product_data: { name: 'Demo T-shirt' } }],
		description: 'Demo checkout created on first start',
		// The longest lifetime allowed, so the printed link stays usable for a day.
		expires_at: Math.floor(Date.now() / 1000) + 24 * 3600 - 60
	});
	return (await createCheckoutSession(kassa, principal, input)).url;
}
