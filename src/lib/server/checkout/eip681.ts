import { getAddress } from 'viem';

export interface TransferRequest {
	token: string;
	chainId: number;
	to: string;
	/** Base units of the token: integers only, so no wallet has to parse decimals or exponents. */
	amount: bigint;
}

/** An EIP-681 ERC-20 transfer URI: `ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<units>`. */
export function eip681(request: TransferRequest): string {
	if (request.amount <= 0n) throw new RangeError('A transfer request needs a positive amount');
	if (!Number.isSafeInteger(request.chainId) || request.chainId <= 0)
		throw new RangeError(`Not a chain id: ${request.chainId}`);
	const token = getAddress(request.token);
	const to = getAddress(request.to);
	return `ethereum:${token}@${request.chainId}/transfer?address=${to}&uint256=${request.amount}`;
}
