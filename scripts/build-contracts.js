// Compiles contracts/TestToken.sol with solc-js into src/lib/server/chain/contracts/TestToken.json.
import { readFileSync, writeFileSync } from 'node:fs';
import solc from 'solc';

const source = readFileSync(new URL('../contracts/TestToken.sol', import.meta.url), 'utf8');
const input = {
	language: 'Solidity',
	sources: { 'TestToken.sol': { content: source } },
	settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } }
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
	console.error(errors.map((e) => e.formattedMessage).join('\n'));
	process.exit(1);
}
const contract = output.contracts['TestToken.sol'].TestToken;
const artifact = { compiler: solc.version(), abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
writeFileSync(new URL('../src/lib/server/chain/contracts/TestToken.json', import.meta.url), `${JSON.stringify(artifact, null, '\t')}\n`);
console.log(`TestToken compiled with solc ${solc.version()}`);
