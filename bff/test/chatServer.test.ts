import { startChatServer } from './chatServer';

/*
 * The loopback model of the tests must not outlive its callers: a slow stream whose caller hung up
 * (an aborted model call) stops at once. Before, its one-word-a-second timer ran on for a minute
 * after the test, and jest waited for it ("Jest did not exit one second after the test run").
 */
describe('the loopback chat-completions server', () => {
  it('stops a slow stream as soon as the caller hangs up, leaving no timer behind', async () => {
    const chat = await startChatServer();
    chat.reply({ type: 'stream', chunks: Array.from({ length: 60 }, (_, i) => `word${i} `), delayMs: 1000 });
    const controller = new AbortController();
    const res = await fetch(`${chat.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', stream: true, messages: [] }),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    controller.abort();
    await chat.close();
    // The stream's pending one-second wait is cleared with the connection.
    await new Promise((r) => setTimeout(r, 50));
    const after = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    expect(after).toBeLessThan(before);
  });
});
