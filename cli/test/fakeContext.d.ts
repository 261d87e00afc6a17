import type { CliContext, OutStream } from '../src/context';
/** A stream double that keeps what was written. */
export declare class Capture implements OutStream {
    isTTY: boolean;
    columns: number;
    text: string;
    constructor(isTTY?: boolean, columns?: number);
    write(chunk: string | Uint8Array, cb?: (err?: Error | null) => void): boolean;
}
/** A CLI context over captured streams (not a TTY unless asked), a fixed env and cwd. */
export declare function fakeContext(opts?: {
    env?: NodeJS.ProcessEnv;
    tty?: boolean;
    cwd?: string;
}): CliContext & {
    stdout: Capture;
    stderr: Capture;
};
