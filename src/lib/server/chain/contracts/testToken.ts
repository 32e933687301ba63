import { parseAbi, type Hex } from 'viem';
import artifact from './TestToken.json';

/** The ABI of contracts/TestToken.sol, typed for viem; testToken.test.ts keeps it equal to the artifact. */
export const testTokenAbi = parseAbi([
	'constructor(string name_, string symbol_, uint8 decimals_)',
	'function name() view returns (string)',
	'function symbol() view returns (string)',
	'function decimals() view returns (uint8)',
	'function totalSupply() view returns (uint256)',
	'function minter() view returns (address)',
	'function balanceOf(address) view returns (uint256)',
	'function allowance(address, address) view returns (uint256)',
	'function mint(address to, uint256 amount)',
	'function transfer(address to, uint256 amount) returns (bool)',
	'function approve(address spender, uint256 amount) returns (bool)',
	'function transferFrom(address from, address to, uint256 amount) returns (bool)',
	'event Transfer(address indexed from, address indexed to, uint256 value)',
	'event Approval(address indexed owner, address indexed spender, uint256 value)'
]);

export const testTokenBytecode = artifact.bytecode as Hex;
