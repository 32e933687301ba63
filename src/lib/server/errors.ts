/** The closed set of API error codes: each names its HTTP status and envelope type. */
export const ERROR_CODES = {
	parameter_missing: [400, 'invalid_request_error'],
	parameter_invalid: [400, 'invalid_request_error'],
	parameter_unknown: [400, 'invalid_request_error'],
	body_invalid: [400, 'invalid_request_error'],
	mode_not_configured: [400, 'invalid_request_error'],
	api_key_missing: [401, 'authentication_error'],
	api_key_invalid: [401, 'authentication_error'],
	session_token_invalid: [403, 'permission_error'],
	csrf_token_invalid: [403, 'permission_error'],
	resource_missing: [404, 'invalid_request_error'],
	method_not_allowed: [405, 'invalid_request_error'],
	idempotency_key_in_use: [409, 'idempotency_error'],
	checkout_session_not_open: [409, 'invalid_request_error'],
	checkout_session_has_funds: [409, 'invalid_request_error'],
	payment_request_not_editable: [409, 'invalid_request_error'],
	payment_request_has_funds: [409, 'invalid_request_error'],
	state_conflict: [409, 'invalid_request_error'],
	body_too_large: [413, 'invalid_request_error'],
	unsupported_media_type: [415, 'invalid_request_error'],
	idempotency_key_reused: [422, 'idempotency_error'],
	rate_limited: [429, 'rate_limit_error'],
	internal_error: [500, 'api_error']
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorType = (typeof ERROR_CODES)[ErrorCode][1];

export interface ErrorBody {
	error: { type: ErrorType; code: ErrorCode; message: string; param?: string };
}

/** The one error type of Kassa's domain: a code from the closed set, a message, maybe a param. */
export class KassaError extends Error {
	override name = 'KassaError';
	readonly code: ErrorCode;
	readonly param: string | undefined;
	readonly headers: Record<string, string>;

	constructor(
		code: ErrorCode,
		message: string,
		options: { param?: string; cause?: unknown; headers?: Record<string, string> } = {}
	) {
		super(message, { cause: options.cause });
		this.code = code;
		this.param = options.param;
		this.headers = options.headers ?? {};
	}

	get status(): number {
		return ERROR_CODES[this.code][0];
	}

	get type(): ErrorType {
		return ERROR_CODES[this.code][1];
	}

	toBody(): ErrorBody {
		const error: ErrorBody['error'] = { type: this.type, code: this.code, message: this.message };
		if (this.param !== undefined) error.param = this.param;
		return { error };
	}
}

export const notFound = (what: string, id: string, param = 'id') =>
	new KassaError('resource_missing', `No such ${what}: '${id}'`, { param });
