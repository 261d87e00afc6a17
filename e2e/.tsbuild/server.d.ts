import { type ChildProcess } from 'node:child_process';
/** A free TCP port on loopback. */
export declare function freePort(): Promise<number>;
export interface TestServer {
    url: string;
    port: number;
    dataDir: string;
    proc: ChildProcess;
    logs: () => string;
    stop(): Promise<void>;
}
/**
 * Starts the real, built server (`bff/dist/src/server.js`) on a free port with a fresh SQLite
 * file (or the given env, e.g. DATABASE_URL), and waits until /readyz answers.
 */
export declare function startTestServer(env?: Record<string, string>): Promise<TestServer>;
