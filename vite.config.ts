import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

const unitAndApi = [
	'src/**/*.test.ts',
	'tests/api/**/*.test.ts',
	'tests/chain/**/*.test.ts',
	'tests/webhooks/**/*.test.ts'
];

export default defineConfig({
	plugins: [sveltekit()],
	test: {
		globalSetup: ['tests/setup/globalSetup.ts'],
		testTimeout: 60_000,
		hookTimeout: 60_000,
		pool: 'forks',
		reporters: ['default', 'json'],
		outputFile: { json: 'test-results/vitest.json' },
		projects: [
			{
				extends: true,
				test: { name: 'pglite', include: [...unitAndApi, 'tests/e2e/**/*.test.ts'] }
			},
			// The PostgreSQL pass: every database test again, each file in a schema of its own.
			...(process.env.TEST_DATABASE_URL
				? [
						{
							extends: true,
							test: {
								name: 'postgres',
								include: unitAndApi,
								env: { KASSA_TEST_DRIVER: 'postgres' }
							}
						}
					]
				: [])
		]
	}
});
