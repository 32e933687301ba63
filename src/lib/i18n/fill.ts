/** Puts values into a message: `fill('Pay {shop}', { shop: 'Acme' })`; unknown names stay as written. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
	return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
		Object.hasOwn(values, name) ? String(values[name]) : whole
	);
}
