import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter({ out: 'build', precompress: true }),
		csp: {
			mode: 'auto',
			directives: {
				'default-src': ['none'],
				'script-src': ['self'],
				'style-src': ['self', 'unsafe-inline'],
				// blob: the WalletConnect QR window shows wallet logos it fetched as blobs.
				'img-src': ['self', 'data:', 'https:', 'blob:'],
				'font-src': ['self'],
				// WalletConnect (offered only when configured): its relay, RPC, telemetry, and the QR window's wallet list.
				'connect-src': [
					'self',
					'wss://relay.walletconnect.org',
					'https://rpc.walletconnect.org',
					'https://pulse.walletconnect.org',
					'https://api.web3modal.org'
				],
				// WalletConnect's verify iframe, which attests this page's origin to the wallet.
				'frame-src': ['https://verify.walletconnect.org'],
				'form-action': ['self'],
				'frame-ancestors': ['none'],
				'base-uri': ['none']
			}
		},
		// The API is called across origins with bearer keys; page actions carry the session's csrf token.
		csrf: { trustedOrigins: ['*'] }
	}
};

export default config;
