import type { IncomingMessage } from 'node:http';

/** The most of a refused body read (and thrown away) so its client can read the answer; more closes at once. */
const UNREAD_BODY_MAX_BYTES = 32 * 1024 * 1024;
const UNREAD_BODY_MAX_MS = 10_000;

/**
 * Reads and discards what is left of a request body refused before it was read (413: over the
 * limit), up to UNREAD_BODY_MAX_BYTES or 10 s. Fastify answers such a request with
 * `Connection: close`, and Node then closes the socket as soon as the answer is written: a client
 * still sending (Node's http client, undici) got EPIPE/ECONNRESET and never read the 413. Once
 * the body has been read to its end, the answer and the close reach every client in order.
 */
export function discardUnreadBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > UNREAD_BODY_MAX_BYTES) done();
    };
    const timer = setTimeout(done, UNREAD_BODY_MAX_MS);
    raw.on('data', onData);
    raw.on('end', done);
    raw.on('error', done);
    raw.on('close', done);
    raw.resume();
  });
}
