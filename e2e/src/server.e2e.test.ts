import { execFileSync } from 'node:child_process';
import { launchBrowser } from './browser';
import { startTestServer, stopTestServers } from './server';

/** The pids of this process's children that run the built server. */
function serverChildren(): number[] {
  return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('bff/dist/src/server.js'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let spawned: number[] = [];
// Should the cleanup under test leave one, it does not outlive this file (nor keep jest running).
afterAll(() => {
  for (const pid of spawned.filter(alive)) process.kill(pid, 'SIGKILL');
});

describe('the e2e cleanup', () => {
  it('stops the server a file was starting when the browser cannot launch', async () => {
    const before = serverChildren();
    // What most files' beforeAll does, with no Chromium to launch: the destructuring never happens.
    await expect(Promise.all([launchBrowser('/nonexistent/chromium'), startTestServer()])).rejects.toThrow(/Chromium not found/);
    const deadline = Date.now() + 10_000;
    while (spawned.length === 0 && Date.now() < deadline) {
      spawned = serverChildren().filter((pid) => !before.includes(pid));
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(spawned).toHaveLength(1);

    await stopTestServers(); // what every file's afterAll does

    expect(spawned.filter(alive)).toEqual([]);
  });
});
