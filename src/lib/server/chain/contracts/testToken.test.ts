import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import artifact from './TestToken.json';
import { testTokenAbi, testTokenBytecode } from './testToken';

describe('testToken', () => {
	it('types exactly the ABI of the compiled artifact', () => {
		expect(testTokenAbi).toEqual(artifact.abi);
		expect(testTokenBytecode).toMatch(/^0x[0-9a-f]{1000,}$/);
	});

	it('is what scripts/build-contracts.js builds from contracts/TestToken.sol today', () => {
		const script = fileURLToPath(
			new URL('../../../../../scripts/build-contracts.js', import.meta.url)
		);
		expect(() =>
			execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })
		).not.toThrow();
	}, 30_000);
});
