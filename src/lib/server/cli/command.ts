import { KassaError } from '../errors';
import type { Kassa } from '../runtime/Kassa';

/** Where a command writes: stdout-like `out` for results, stderr-like `err` for messages. */
export interface CliIO {
	out(line: string): void;
	err(line: string): void;
}

export type Command = (kassa: Kassa, args: string[], io: CliIO) => Promise<void>;

/** Bad arguments: runCli prints the message with a pointer to `help` and exits with code 2. */
export const usageError = (message: string) => new KassaError('parameter_invalid', message);
