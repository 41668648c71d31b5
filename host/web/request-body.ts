import type { IncomingMessage } from 'node:http';

/** The largest call body: exports are capped at 50 MiB of text by the contract, and JSON escaping adds some. */
export const BODY_LIMIT = 60 * 1024 * 1024;

export type BodyResult =
  | { readonly ok: true; readonly body: Buffer }
  | { readonly ok: false; readonly tooLarge: true }
  | { readonly ok: false; readonly aborted: true };

/**
 * Reads a request body up to `limit` bytes. Over the limit it stops keeping data (but keeps draining the socket,
 * so the client can read our 413 before the connection closes). Bodies are never logged: they hold secrets.
 */
export function readBody(req: IncomingMessage, limit: number = BODY_LIMIT): Promise<BodyResult> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      resolve({ ok: false, tooLarge: true });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (r: BodyResult) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        settle({ ok: false, tooLarge: true });
      } else chunks.push(chunk);
    });
    req.on('end', () => settle({ ok: true, body: Buffer.concat(chunks, size) }));
    req.on('aborted', () => settle({ ok: false, aborted: true }));
    req.on('error', () => settle({ ok: false, aborted: true }));
    req.on('close', () => settle({ ok: false, aborted: true }));
  });
}
