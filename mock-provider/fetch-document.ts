import { send, TransportError } from '../platform/node/transport';

/** What a document the mock fetches is called in refusals, the most of it read, and how long it may take. */
interface DocumentLimits {
  readonly what: string;
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

type FetchedDocument = { readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly why: string };

/**
 * GETs a JSON document a client names (its client ID metadata document, its jwks_uri) through the Node transport,
 * the one bounded reader: the body is read no further than `maxBytes` and the whole exchange ends within
 * `timeoutMs`, the connection closed at either limit, so a body that never ends costs no more than its limit.
 * Redirects are not followed and no proxy is used. The refusal names what was wrong, never what was read, and every
 * way of not getting a whole 200 answer (a closed port, a reset, a service that is not HTTP, another status, a
 * redirect, silence) reads alike, so the mock cannot be used to tell open loopback ports from closed ones.
 */
export async function fetchClientDocument(url: string, limits: DocumentLimits): Promise<FetchedDocument> {
  const noAnswer = {
    ok: false,
    why: `no complete HTTP 200 answer within ${limits.timeoutMs / 1000} s (redirects are not followed).`,
  } as const;
  let status: number;
  let text: string;
  try {
    const { response } = await send(
      { method: 'GET', url, headers: [['Accept', 'application/json']] },
      { env: {}, maxResponseBytes: limits.maxBytes, timeoutMs: limits.timeoutMs, connectTimeoutMs: limits.timeoutMs }
    );
    ({ status, bodyText: text } = response);
  } catch (e) {
    if (!(e instanceof TransportError)) throw e;
    if (e.code !== 'response_too_large') return noAnswer;
    return {
      ok: false,
      why: `it is larger than ${limits.maxBytes} bytes, the limit for ${limits.what}; reading stopped there.`,
    };
  }
  if (status !== 200) return noAnswer;
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, why: 'its answer is not JSON.' };
  }
}
