/** One Server-Sent Event: its name (default 'message') and its data lines joined. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental SSE parser: feed it decoded text as it arrives, get back the complete events
 * (comments and keep-alives skipped; CRLF, CR and LF line ends all accepted).
 */
export function createSseParser(): { push(text: string): SseMessage[]; flush(): SseMessage[] } {
  let buffer = '';
  const parseBlock = (block: string): SseMessage | null => {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    return data.length ? { event, data: data.join('\n'), id } : null;
  };
  const take = (final: boolean): SseMessage[] => {
    const out: SseMessage[] = [];
    buffer = buffer.replace(/\r\n?/g, '\n');
    let i: number;
    while ((i = buffer.indexOf('\n\n')) >= 0) {
      const m = parseBlock(buffer.slice(0, i));
      buffer = buffer.slice(i + 2);
      if (m) out.push(m);
    }
    if (final && buffer.trim()) {
      const m = parseBlock(buffer);
      buffer = '';
      if (m) out.push(m);
    }
    return out;
  };
  return {
    push(text) {
      buffer += text;
      // A lone CR at the end may be the first half of a CRLF: keep it for the next piece.
      if (buffer.endsWith('\r')) {
        const keep = '\r';
        buffer = buffer.slice(0, -1);
        const out = take(false);
        buffer += keep;
        return out;
      }
      return take(false);
    },
    flush: () => take(true),
  };
}
