// `node scripts/build-contracts.js [--check]`: compiles contracts/TestToken.sol with solc-js (the
// compiler inside the npm package, no download) into src/lib/server/chain/contracts/TestToken.json;
// --check only fails when the committed artifact differs from a fresh build.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import solc from 'solc';

const SOURCE = new URL('../contracts/TestToken.sol', import.meta.url);
const ARTIFACT = new URL('../src/lib/server/chain/contracts/TestToken.json', import.meta.url);

const input = {
	language: 'Solidity',
	sources: { 'TestToken.sol': { content: readFileSync(SOURCE, 'utf8') } },
	settings: {
		// Pinned so a newer solc default cannot change the bytecode; cancun runs on every chain Kassa knows.
		evmVersion: 'cancun',
		optimizer: { enabled: true, runs: 200 },
		// No metadata hash: the bytecode then depends on the code only, not on comments or paths.
		metadata: { bytecodeHash: 'none' },
		outputSelection: { 'TestToken.sol': { TestToken: ['abi', 'evm.bytecode.object'] } }
	}
};

const output = JSON.parse(solc.compile(JSON.stringify(input)));
const problems = output.errors ?? [];
for (const problem of problems) console.error(problem.formattedMessage);
if (problems.some((problem) => problem.severity === 'error')) process.exit(1);

const contract = output.contracts['TestToken.sol'].TestToken;
const artifact = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
const text = `${JSON.stringify(artifact, null, '\t')}\n`;
if (process.argv.includes('--check')) {
	if (!existsSync(ARTIFACT) || readFileSync(ARTIFACT, 'utf8') !== text) {
		console.error('TestToken.json is stale: run node scripts/build-contracts.js');
		process.exit(1);
	}
} else {
	writeFileSync(ARTIFACT, text);
	console.log(
		`TestToken.json written (solc ${solc.version()}, ${contract.evm.bytecode.object.length / 2} bytes)`
	);
}
