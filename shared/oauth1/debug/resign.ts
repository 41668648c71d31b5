import type { RawRequest } from '../../http';
import { authorityOf } from '../../url';
import { splitUrlEncoded, type Param } from '../../url-encoded';
import { buildAuthorizationHeader, parseAuthorizationHeader } from '../header';
import { percentDecodeOrKeep, percentEncode } from '../../percent-encoding';
import { isRsaMethod } from '../signing';
import type { SignatureInput } from '../trace';
import type { Keys } from './pipeline';
import type { ReceivedRequest } from './received';

const nameOf = (rawName: string): string => percentDecodeOrKeep(rawName, true);
const withoutOauth = (text: string) =>
  splitUrlEncoded(text)
    .filter((p) => !nameOf(p.rawName).startsWith('oauth_'))
    .map((p) => p.segment)
    .join('&');
/** Each oauth_signature segment replaced where it stands; every other byte of the text is kept. */
const replaceSignature = (text: string, signature: string) =>
  splitUrlEncoded(text)
    .filter((p) => nameOf(p.rawName) === 'oauth_signature')
    .reduceRight(
      (t, p) =>
        `${t.slice(0, p.start)}oauth_signature=${percentEncode(signature)}${t.slice(p.start + p.segment.length)}`,
      text
    );

/**
 * The request exactly as sent, with only oauth_signature replaced by OAuth Lab's (same nonce, timestamp, token and
 * everything else), wherever it travels: the Authorization header is rebuilt in its original order, realm first
 * (§3.5.1); in a query or form body only that one segment changes (§3.5.2, §3.5.3).
 */
export function resignRequest(request: RawRequest, signature: string): RawRequest {
  const headers = request.headers.map(([name, value]): [string, string] => {
    if (name.toLowerCase() !== 'authorization' || !/^\s*oauth(\s|$)/i.test(value)) return [name, value];
    const parsed = parseAuthorizationHeader(value);
    const params = parsed.params.map(([n, v]): Param => [n, n === 'oauth_signature' ? signature : v]);
    return [name, buildAuthorizationHeader(params, parsed.realm)];
  });
  const [beforeHash = '', hash] = request.url.split(/#(.*)/s);
  const q = beforeHash.indexOf('?');
  const url =
    q < 0
      ? request.url
      : `${beforeHash.slice(0, q + 1)}${replaceSignature(beforeHash.slice(q + 1), signature)}${hash !== undefined ? `#${hash}` : ''}`;
  const body =
    request.body !== undefined && /oauth_signature=/.test(request.body)
      ? replaceSignature(request.body, signature)
      : request.body;
  return { method: request.method, url, headers, ...(body !== undefined ? { body } : {}) };
}

/**
 * The same request as traceSignature's input, so the page can show every intermediate as elsewhere in the app.
 * Protocol parameters are handed over as they were received, empty ones included (as the mock provider does), and
 * the query and body without them, since traceSignature adds them where they travel.
 */
export function traceInput(r: ReceivedRequest, keys: Keys): SignatureInput {
  const oauth = new Map(
    r.params.filter((p) => p.source === r.placement && p.name.startsWith('oauth_')).map((p) => [p.name, p.value])
  );
  const value = (n: string) => (oauth.get(n) ? oauth.get(n)! : null);
  const handled = new Set(['oauth_consumer_key', 'oauth_signature', 'oauth_signature_method']);
  for (const n of ['oauth_token', 'oauth_nonce', 'oauth_timestamp', 'oauth_callback', 'oauth_verifier'])
    if (oauth.get(n)) handled.add(n);
  const query = r.url.query === null ? '' : `?${withoutOauth(r.url.query)}`;
  const body = r.placement === 'body' && r.body !== undefined ? withoutOauth(r.body) : r.body;
  return {
    method: r.method,
    url: `${r.url.scheme}://${authorityOf(r.url)}${r.url.path}${query}`,
    hostHeader: r.authority,
    placement: r.placement,
    ...(body !== undefined ? { body } : {}),
    ...(r.contentType !== undefined ? { contentType: r.contentType } : {}),
    consumerKey: oauth.get('oauth_consumer_key') ?? '',
    token: value('oauth_token'),
    signatureMethod: r.signatureMethod,
    nonce: value('oauth_nonce'),
    timestamp: value('oauth_timestamp'),
    callback: value('oauth_callback'),
    verifier: value('oauth_verifier'),
    includeVersion: false,
    extraOauthParams: [...oauth].filter(([n]) => !handled.has(n)),
    consumerSecret: keys.consumerSecret ?? '',
    tokenSecret: keys.tokenSecret,
    realm: r.realm,
    ...(isRsaMethod(r.signatureMethod) ? { receivedSignature: r.signature } : {}),
  };
}
