/** A body past its cap: the caller's cap, and the bytes read when it was passed. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is over ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * A fetched response's body as UTF-8 text, reading at most `maxBytes`: a Content-Length over the
 * cap, or a body that passes it while streaming (chunked answers say no length), cancels the body
 * and throws BodyTooLargeError. Memory stays bounded by the cap whatever the other side sends.
 */
export async function readCapped(res: Response, maxBytes: number): Promise<string> {
  if (Number(res.headers.get('content-length')) > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
