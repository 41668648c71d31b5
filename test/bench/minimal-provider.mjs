// A reference for the provider benchmark, not the mock: the least a provider must do to answer a signed OAuth 1.0a
// request_token (RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1)) with HMAC-SHA1, and nothing more. It parses the Authorization header, checks the
// consumer, method, timestamp window and nonce, rebuilds the base string (§3.4.1), compares the HMAC in constant time
// and issues a token kept in memory. No events, no problem reports, no other checks. Measured beside the mock, it
// shows how much of the gap to a bare server is the work itself.
// Usage: node minimal-provider.mjs CONSUMER_KEY CONSUMER_SECRET; prints its base URL, stops on SIGTERM.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const [key, secret] = process.argv.slice(2);
const signingKey = `${encode(secret)}&`;
const nonces = new Map();
const tokens = new Map();
let pool = Buffer.alloc(0);
let offset = 0;

/** RFC 5849 §3.6 (https://www.rfc-editor.org/rfc/rfc5849#section-3.6): encodeURIComponent leaves ! ' ( ) * as they are; §3.6 encodes them. */
function encode(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function token(bytes) {
  if (offset + bytes > pool.length) [pool, offset] = [randomBytes(4096), 0];
  offset += bytes;
  return pool.toString('base64url', offset - bytes, offset);
}

function requestToken(req) {
  const params = [];
  let signature = '';
  for (const [, name, value] of (req.headers.authorization ?? '').matchAll(/(\w+)="([^"]*)"/g)) {
    if (name === 'oauth_signature') signature = decodeURIComponent(value);
    else if (name !== 'realm') params.push([name, decodeURIComponent(value)]);
  }
  const get = (n) => params.find(([p]) => p === n)?.[1];
  const timestamp = Number(get('oauth_timestamp'));
  const nonceKey = `${timestamp}:${get('oauth_nonce')}`;
  if (get('oauth_consumer_key') !== key || get('oauth_signature_method') !== 'HMAC-SHA1' || !get('oauth_callback'))
    return null;
  if (!(Math.abs(timestamp - Date.now() / 1000) <= 600) || nonces.has(nonceKey)) return null;
  const normalized = params
    .map(([n, v]) => [encode(n), encode(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
  const base = `POST&${encode(`http://${req.headers.host}/oauth/v1/request_token`)}&${encode(normalized)}`;
  const expected = createHmac('sha1', signingKey).update(base).digest();
  const sent = Buffer.from(signature, 'base64');
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return null;
  nonces.set(nonceKey, timestamp);
  const issued = { token: `rt-${token(18)}`, secret: token(24), callback: get('oauth_callback'), issuedAt: Date.now() };
  tokens.set(issued.token, issued);
  return `oauth_token=${issued.token}&oauth_token_secret=${issued.secret}&oauth_expires_in=600&oauth_callback_confirmed=true`;
}

createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const body = req.method === 'POST' && req.url === '/oauth/v1/request_token' ? requestToken(req) : null;
    res.writeHead(body === null ? 401 : 200, {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': Buffer.byteLength(body ?? ''),
    });
    res.end(body ?? '');
  });
}).listen(0, '127.0.0.1', function () {
  console.log(`http://127.0.0.1:${this.address().port}`);
});
process.on('SIGTERM', () => process.exit(0));
