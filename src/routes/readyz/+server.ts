import { json } from '@sveltejs/kit';
import type { RequestHandler } from './$types';

/** Ready when the database answers. */
export const GET: RequestHandler = async ({ locals }) => {
	try {
		await locals.kassa.db.execute('SELECT 1');
		return json(
			{ status: 'ready', database: locals.kassa.database.kind },
			{ headers: { 'cache-control': 'no-store' } }
		);
	} catch (error) {
		locals.log.warn({ err: error }, 'database not reachable');
		return json(
			{ status: 'unavailable' },
			{ status: 503, headers: { 'cache-control': 'no-store' } }
		);
	}
};
