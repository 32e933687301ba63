import type { SecretBox } from '../secrets/SecretBox';

/**
 * The hosted page's credential: scoped to one checkout session, it reads that session's intent
 * status and nothing else. A MAC of the session id, so checking it needs no database.
 */
export function sessionToken(secrets: SecretBox, sessionId: string): string {
	return `${sessionId}.${secrets.mac(`checkout-session:${sessionId}`)}`;
}

/** The session a page credential speaks for, or null when it is not one. */
export function sessionFromToken(secrets: SecretBox, token: string): string | null {
	const dot = token.lastIndexOf('.');
	if (dot <= 0 || !token.startsWith('chk_')) return null;
	const sessionId = token.slice(0, dot);
	return secrets.verifyMac(`checkout-session:${sessionId}`, token.slice(dot + 1))
		? sessionId
		: null;
}
