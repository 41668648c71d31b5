import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../../platform/node/node-crypto';
import {
  baseStringUri,
  buildAuthorizationHeader,
  normalizeParameters,
  signatureBaseString,
  signBaseString,
  signingKey,
  traceSignature,
} from '../../../../../shared/oauth1';
import type { Param } from '../../../../../shared/url-encoded';
import { diagnoseSignature } from '../../../../../shared/oauth1/debug';
import { parseHttpUrl, parseReceivedUrl, requestTarget } from '../../../../../shared/url';
import { SECRETS, X_EXAMPLE } from './helpers';

/*
 * A server signs the path as received (RFC 5849 §3.4.1.2): the app sends `'`, `[` and `]` percent-encoded, yet a
 * request another client sent with them raw is judged on its raw path, not on the form the app would have sent.
 */
const RAW_PATH_URL = "https://api.x.com/1.1/it's/[x]/update.json";

/** A request as a client that sends and signs the path raw (curl -g, a hand-written client) puts it on the wire. */
function signedRaw(): { url: string; headers: [string, string][] } {
  const oauth: Param[] = [
    ['oauth_consumer_key', X_EXAMPLE.consumerKey],
    ['oauth_nonce', X_EXAMPLE.nonce!],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', X_EXAMPLE.timestamp!],
    ['oauth_token', X_EXAMPLE.token!],
    ['oauth_version', '1.0'],
  ];
  const uri = baseStringUri(parseReceivedUrl(RAW_PATH_URL, 'base-string-uri'));
  const base = signatureBaseString('GET', uri, normalizeParameters(oauth));
  const key = signingKey(SECRETS.consumerSecret, SECRETS.tokenSecret);
  const { signature } = signBaseString('HMAC-SHA1', base, key, nodeCrypto);
  return {
    url: RAW_PATH_URL,
    headers: [['Authorization', buildAuthorizationHeader([...oauth, ['oauth_signature', signature]])]],
  };
}

describe("a path's ' [ ] : sent percent-encoded, read as received", () => {
  it('the app sends and signs them percent-encoded', () => {
    expect(parseHttpUrl(RAW_PATH_URL).path).toBe('/1.1/it%27s/%5Bx%5D/update.json');
    expect(parseReceivedUrl(RAW_PATH_URL, 'url').path).toBe("/1.1/it's/[x]/update.json");
    const t = traceSignature({ ...X_EXAMPLE, method: 'GET', url: RAW_PATH_URL, body: undefined }, nodeCrypto);
    expect(t.baseString).toContain('%2Fit%2527s%2F%255Bx%255D%2F');
    // The transport sends (and records) the request target in that form; the debugger reads it as received.
    const target = requestTarget(parseHttpUrl(t.request.url));
    expect(target).toBe('/1.1/it%27s/%5Bx%5D/update.json');
    const sent = { ...t.request, url: `https://api.x.com${target}` };
    expect(diagnoseSignature({ request: sent, ...SECRETS }, nodeCrypto).verdict).toBe('match');
  });

  it('the debugger judges a request sent with them raw on its raw path', () => {
    const d = diagnoseSignature({ request: { method: 'GET', ...signedRaw() }, ...SECRETS }, nodeCrypto);
    expect(d.verdict).toBe('match');
    expect(d.baseString).toContain('%2Fit%27s%2F%5Bx%5D%2F');
  });
});
