import QRCode from 'qrcode';

/**
 * A QR code as an inline SVG string (dark modules on white, a quiet zone of four modules), so the
 * page shows it without JavaScript or an extra request. The caller supplies the text alternative.
 */
export async function qrSvg(text: string): Promise<string> {
	const svg = await QRCode.toString(text, {
		type: 'svg',
		errorCorrectionLevel: 'M',
		margin: 4,
		color: { dark: '#000000', light: '#ffffff' }
	});
	// Decorative to assistive technology: the figure around it carries the description.
	return svg.replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
}
