import { isRsaMethod, type SignatureMethod } from '../../shared/oauth1';
import { jsOrNull, jsStr, secretComment } from './literals';
import { sourceOf, type ExportTarget } from './export-target';
import { fixedOauthParams, oauth1Code, quotedRealm, type OAuth1Code } from './oauth1-model';

const HMAC: Partial<Record<SignatureMethod, string>> = {
  'HMAC-SHA1': 'sha1',
  'HMAC-SHA256': 'sha256',
  'HMAC-SHA512': 'sha512',
};

const constant = (name: string, value: string | null, note: string | null = null) =>
  `const ${name} = ${jsOrNull(value)};${note ? ` // ${note}` : ''}`;
const pairs = (ps: readonly (readonly [string, string])[]) => ps.map(([n, v]) => `  [${jsStr(n)}, ${jsStr(v)}],`);
/** The consumer key and token by their constants' names, so the user edits each in one place. */
const VARIABLES: Record<string, string> = { oauth_consumer_key: 'consumerKey', oauth_token: 'token' };
const protocolPairs = (ps: readonly (readonly [string, string])[]) =>
  ps.map(([n, v]) => `  [${jsStr(n)}, ${VARIABLES[n] ?? jsStr(v)}],`);

/** The request and the credentials as constants at the top, where the user edits them. */
function nodeConstants(c: OAuth1Code): string[] {
  const rsa = isRsaMethod(c.signatureMethod);
  return [
    constant('method', c.method),
    constant('url', c.url),
    '// Form body parameters, decoded: they are signed too (RFC 5849 §3.4.1.3.1).',
    ...(c.form.length ? ['const form = [', ...pairs(c.form), '];'] : ['const form = [];']),
    ...(c.rawBody
      ? ['// Not a form: sent as it is and not signed (RFC 5849 §3.4.1.3.1).', constant('rawBody', c.rawBody.text)]
      : []),
    constant('consumerKey', c.consumerKey),
    ...(c.token !== null ? [constant('token', c.token)] : []),
    ...(rsa
      ? [constant('privateKey', c.privateKey, secretComment(c.privateKey, c.secretsIncluded))]
      : [
          constant('consumerSecret', c.consumerSecret, secretComment(c.consumerSecret, c.secretsIncluded)),
          constant('tokenSecret', c.tokenSecret, secretComment(c.tokenSecret, c.secretsIncluded)),
        ]),
  ];
}

/** §3.4.2 to §3.4.4: the signature over `baseString`, by the chosen method. */
function nodeSigning(c: OAuth1Code): string[] {
  const hmac = HMAC[c.signatureMethod];
  if (isRsaMethod(c.signatureMethod))
    return [`const signature = createSign(${jsStr(c.signatureMethod)}).update(baseString).sign(privateKey, 'base64');`];
  return [
    '// §3.4.2: both secrets encoded and joined by "&", which stays when either is empty.',
    'const key = `${pct(consumerSecret)}&${pct(tokenSecret)}`;',
    hmac
      ? `const signature = createHmac(${jsStr(hmac)}, key).update(baseString).digest('base64');`
      : '// §3.4.4: PLAINTEXT sends the key itself (use it over HTTPS only).\nconst signature = key;',
  ];
}

/** §3.5: the protocol parameters placed in the header, the query or the form body, with the headers and body sent. */
function nodeSending(c: OAuth1Code): string[] {
  const formBody = "form.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')";
  if (c.placement === 'header')
    return [
      `const authorization = 'OAuth ' + [${c.realm !== null ? `${jsStr(quotedRealm(c.realm))}, ` : ''}...signed.map(([k, v]) => \`\${pct(k)}="\${pct(v)}"\`)].join(', ');`,
      `const headers = { Authorization: authorization${c.form.length ? ", 'Content-Type': 'application/x-www-form-urlencoded'" : ''}${c.rawBody ? `, 'Content-Type': ${jsStr(c.rawBody.contentType)}` : ''} };`,
      `const body = ${c.form.length ? formBody : c.rawBody ? 'rawBody' : 'undefined'};`,
    ];
  if (c.placement === 'query')
    return [
      '// §3.5.3: the protocol parameters travel in the query.',
      'for (const [k, v] of signed) target.searchParams.append(k, v);',
      `const headers = {${c.form.length ? " 'Content-Type': 'application/x-www-form-urlencoded' " : c.rawBody ? ` 'Content-Type': ${jsStr(c.rawBody.contentType)} ` : ''}};`,
      `const body = ${c.form.length ? formBody : c.rawBody ? 'rawBody' : 'undefined'};`,
    ];
  return [
    '// §3.5.2: the protocol parameters travel in the form body.',
    "const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };",
    "const body = [...form, ...signed].map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&');",
  ];
}

/**
 * Node with node:crypto only: RFC 5849 §3.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4) in a page, every step named, so the user can read how the signature
 * is made and keep no dependency. Only the chosen method and placement are written out.
 */
function nodeOAuth1(c: OAuth1Code): string {
  const { before, after } = fixedOauthParams(c);
  const rsa = isRsaMethod(c.signatureMethod);
  const hmac = HMAC[c.signatureMethod];
  return [
    '// OAuth 1.0a request signed on every run with node:crypto, following RFC 5849 §3.4: a fresh oauth_nonce and',
    '// oauth_timestamp each time, so it can run again and again. Exported by OAuth Lab. Node 18 or later, no packages.',
    `import { ${rsa ? 'createSign' : hmac ? 'createHmac' : ''}${rsa || hmac ? ', ' : ''}randomBytes } from 'node:crypto';`,
    '',
    ...nodeConstants(c),
    '',
    "// §3.6: RFC 3986 percent-encoding; encodeURIComponent leaves !'()* unencoded.",
    "const pct = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (ch) => '%' + ch.charCodeAt(0).toString(16).toUpperCase());",
    '',
    '// §3.1: the protocol parameters, with a fresh nonce and timestamp (§3.3).',
    'const oauth = [',
    ...protocolPairs(before),
    "  ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],",
    "  ['oauth_nonce', randomBytes(16).toString('hex')],",
    ...protocolPairs(after),
    '];',
    'const target = new URL(url);',
    '// §3.4.1.3: protocol, query (read as a form) and form body parameters; names and values encoded, then sorted',
    '// by name and then value, byte order.',
    'const normalized = [...oauth, ...target.searchParams, ...form]',
    '  .map(([k, v]) => [pct(k), pct(v)])',
    '  .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))',
    '  .map(([k, v]) => `${k}=${v}`)',
    "  .join('&');",
    '// §3.4.1.2: scheme and host in lower case and no default port (URL does both), no query or fragment.',
    'const baseUri = `${target.protocol}//${target.host}${target.pathname}`;',
    "const baseString = [method, pct(baseUri), pct(normalized)].join('&');",
    ...nodeSigning(c),
    "const signed = [...oauth, ['oauth_signature', signature]];",
    '',
    ...nodeSending(c),
    'const response = await fetch(target, { method, headers, body });',
    'console.log(response.status);',
    'console.log(await response.text());',
    'process.exitCode = response.ok ? 0 : 1;',
    '',
  ].join('\n');
}

export const nodeOAuth1Target: ExportTarget = {
  id: 'node-oauth1',
  label: 'Node.js (node:crypto), signs each run',
  language: 'javascript',
  kind: 'signing-code',
  extension: '.mjs',
  mediaType: 'text/javascript',
  sources: ['oauth1'],
  secretPlaceholders: 'code',
  render: (input) => ({
    text: nodeOAuth1(oauth1Code(sourceOf(input, 'oauth1').signing, input.secrets, input.target.label)),
  }),
};
