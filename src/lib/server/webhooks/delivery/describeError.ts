/** A short, log-safe description of a network error: its code when it has one (ECONNREFUSED). */
export function describeError(error: unknown): string {
	if (!(error instanceof Error)) return String(error);
	const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
	return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}
