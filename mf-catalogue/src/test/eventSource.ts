import { readSse } from '@val/client';

/**
 * A minimal EventSource for the dom tests (jsdom has none): it reads the stream over the page's
 * fetch (cookies, VAL_TEST_ORIGIN) with the client's own SSE reader, dispatches each named event
 * as a MessageEvent, and counts its instances so a test can tell whether the page opened a stream.
 * No reconnection: the tests' streams end with the report.
 */
export class TestEventSource extends EventTarget {
  static opened: TestEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  readyState = 0;
  private readonly ac = new AbortController();

  constructor(url: string | URL, init: EventSourceInit = {}) {
    super();
    this.url = String(url);
    this.withCredentials = !!init.withCredentials;
    TestEventSource.opened.push(this);
    void this.read();
  }

  private async read() {
    try {
      const res = await fetch(this.url, {
        headers: { accept: 'text/event-stream' },
        credentials: this.withCredentials ? 'include' : 'same-origin',
        signal: this.ac.signal,
      });
      if (!res.ok) throw new Error(`SSE ${res.status}`);
      this.readyState = 1;
      for await (const m of readSse(res.body)) {
        if (this.readyState === 2) return;
        this.dispatchEvent(new MessageEvent(m.event || 'message', { data: m.data, lastEventId: m.id ?? '' }));
      }
    } catch {
      if (this.readyState !== 2) this.dispatchEvent(new Event('error'));
    } finally {
      this.readyState = 2;
    }
  }

  close() {
    this.readyState = 2;
    this.ac.abort();
  }
}
