import { KassaError } from '../errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON body: 415 unless JSON, 413 past 1 MiB, 400 when malformed; no body reads as `{}`. */
export async function readJsonBody(request: Request): Promise<{ value: unknown; text: string }> {
	const declared = Number(request.headers.get('content-length') ?? '0');
	if (declared > MAX_BODY_BYTES) throw tooLarge();
	const text = await readLimited(request);
	if (text.trim() === '') return { value: {}, text: '' };
	const type = request.headers.get('content-type') ?? '';
	if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
		throw new KassaError(
			'unsupported_media_type',
			'Request bodies must be JSON (Content-Type: application/json).'
		);
	}
	try {
		return { value: JSON.parse(text), text };
	} catch {
		throw new KassaError('body_invalid', 'The request body is not valid JSON.');
	}
}

async function readLimited(request: Request): Promise<string> {
	if (!request.body) return '';
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > MAX_BODY_BYTES) {
			await reader.cancel();
			throw tooLarge();
		}
		chunks.push(value);
	}
	return Buffer.concat(chunks).toString('utf8');
}

const tooLarge = () => new KassaError('body_too_large', 'The request body is larger than 1 MiB.');
