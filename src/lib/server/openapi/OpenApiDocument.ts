import type { z } from 'zod';

export type JsonSchema = z.core.JSONSchema.BaseSchema;

export interface OpenApiParameter {
	name: string;
	in: 'path' | 'query' | 'header';
	required: boolean;
	description?: string;
	schema: JsonSchema;
}

export interface OpenApiResponse {
	description: string;
	headers?: Record<string, { $ref: string }>;
	content?: Record<string, { schema: JsonSchema }>;
	/** The error codes this status can carry (Kassa's extension, read by /docs). */
	'x-error-codes'?: string[];
}

export interface OpenApiOperation {
	operationId: string;
	summary: string;
	description?: string;
	tags: string[];
	security: Record<string, string[]>[];
	parameters: (OpenApiParameter | { $ref: string })[];
	requestBody?: {
		required: boolean;
		content: Record<string, { schema: JsonSchema; example?: unknown }>;
	};
	responses: Record<string, OpenApiResponse>;
}

/** The subset of OpenAPI 3.1 Kassa emits. */
export interface OpenApiDocument {
	openapi: '3.1.0';
	info: { title: string; version: string; description: string };
	servers: { url: string }[];
	security: Record<string, string[]>[];
	tags: { name: string; description: string }[];
	paths: Record<string, Record<string, OpenApiOperation>>;
	components: {
		schemas: Record<string, JsonSchema>;
		securitySchemes: Record<string, object>;
		parameters: Record<string, OpenApiParameter>;
		headers: Record<string, { description: string; schema: JsonSchema }>;
	};
}
