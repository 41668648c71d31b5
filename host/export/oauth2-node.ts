import { jsStr, secretComment } from './literals';
import { sourceOf, type ExportTarget } from './export-target';
import { NO_REFRESH_NOTE, oauth2Code, type OAuth2Code } from './oauth2-model';

type Renewing = NonNullable<OAuth2Code['refresh']>;

const constant = (kind: 'const' | 'let', name: string, value: string, note: string | null = null) =>
  `${kind} ${name} = ${jsStr(value)};${note ? ` // ${note}` : ''}`;

/** The client's own lines at the token endpoint: how it authenticates (RFC 6749 §2.3.1, RFC 7523 §2.2). */
const CLIENT_AUTHENTICATION: Record<Renewing['authentication'], readonly string[]> = {
  basic: [
    '  // HTTP Basic with the client id and secret, each form-encoded first (RFC 6749 §2.3.1).',
    '  const formEncode = (s) => new URLSearchParams({ s }).toString().slice(2);',
    "  headers.Authorization = `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString('base64')}`;",
  ],
  body: [
    '  // The client authenticates with form fields (client_secret_post, RFC 6749 §2.3.1).',
    "  form.set('client_id', clientId);",
    "  form.set('client_secret', clientSecret);",
  ],
  none: [
    '  // A public client: it identifies itself with client_id and has no secret to send (RFC 6749 §2.1, §3.2.1).',
    "  form.set('client_id', clientId);",
  ],
  private_key_jwt: [
    '  // private_key_jwt: a JWT signed with the client key, new for this request (RFC 7523 §2.2, OIDC Core §9).',
    "  form.set('client_id', clientId);",
    "  form.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');",
    "  form.set('client_assertion', await clientAssertion());",
  ],
};

/** RFC 7523 §3: iss and sub the client_id, aud the server, a short exp and a new jti, so no assertion is replayed. */
const ASSERTION_FUNCTION = [
  '',
  '// A fresh client assertion for each token request (RFC 7523 §3): iss = sub = client_id, aud = the server,',
  '// a new jti (the server refuses one it has seen), and a short lifetime.',
  'async function clientAssertion() {',
  '  const claims = { iss: clientId, sub: clientId, aud: assertionAudience, jti: randomUUID() };',
  '  return new SignJWT(claims)',
  "    .setProtectedHeader({ alg: signingAlg, typ: 'JWT', ...keyHeader })",
  '    .setIssuedAt()',
  "    .setExpirationTime('2m')",
  '    .sign(createPrivateKey(privateKeyPem));',
  '}',
];

/** The renewal: the refresh token grant (RFC 6749 §6) or client credentials asked again (§4.4.2). */
function renewFunction(f: Renewing): string[] {
  const form =
    f.grant === 'refresh_token'
      ? "[['grant_type', 'refresh_token'], ['refresh_token', refreshToken]]"
      : JSON.stringify([['grant_type', 'client_credentials'], ...f.params]);
  return [
    ...(f.key ? ASSERTION_FUNCTION : []),
    '',
    f.grant === 'refresh_token'
      ? '// RFC 6749 §6: a new access token for the refresh token. The server may send a new refresh token too.'
      : '// RFC 6749 §4.4.2: a new access token for the client itself; there is no refresh token (§4.4.3), it asks again.',
    'async function renew() {',
    `  const form = new URLSearchParams(${form});`,
    "  const headers = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };",
    ...CLIENT_AUTHENTICATION[f.authentication],
    "  const res = await fetch(tokenUrl, { method: 'POST', headers, body: form });",
    '  const json = await res.json();',
    '  if (!res.ok) throw new Error(`Token request refused: ${res.status} ${JSON.stringify(json)}`);',
    '  accessToken = json.access_token;',
    ...(f.grant === 'refresh_token' ? ['  refreshToken = json.refresh_token ?? refreshToken;'] : []),
    '}',
  ];
}

function renewConstants(f: Renewing, included: boolean): string[] {
  return [
    constant('const', 'tokenUrl', f.tokenUrl),
    constant('const', 'clientId', f.clientId),
    ...(f.authentication === 'none' || f.key
      ? []
      : [constant('const', 'clientSecret', f.clientSecret, secretComment(f.clientSecret, included))]),
    ...(f.key
      ? [
          constant('const', 'privateKeyPem', f.key.pem, secretComment(f.key.pem, included)),
          constant('const', 'signingAlg', f.key.alg),
          `const keyHeader = ${JSON.stringify(f.key.keyHeader)}; // names the key: kid or the certificate's x5t#S256 (RFC 7515 §4.1)`,
          constant('const', 'assertionAudience', f.key.audience),
        ]
      : []),
  ];
}

/** Node's fetch: the bearer call (RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1)), and on 401 one renewal (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6), §4.4) and one retry. */
function nodeOAuth2(c: OAuth2Code): string {
  const f = c.refresh;
  const headers = [...c.headers.map(([n, v]) => `${jsStr(n)}: ${jsStr(v)}`), 'Authorization: `Bearer ${accessToken}`'];
  const how = !f ? '' : f.grant === 'refresh_token' ? ' (RFC 6749 §6)' : ' by client credentials (RFC 6749 §4.4)';
  return [
    `// OAuth 2 bearer request (RFC 6750 §2.1)${f ? ' that gets a new access token once when the server answers 401' : ''}`,
    `// ${f ? `${how.trim()}. ` : ''}Exported by OAuth Lab. Node 18 or later, ${f?.key ? 'and the jose package (npm install jose).' : 'no packages.'}${f ? '' : ' There is no refresh token: when the access token expires, obtain a new one.'}`,
    ...(f?.key
      ? ["import { createPrivateKey, randomUUID } from 'node:crypto';", "import { SignJWT } from 'jose';", '']
      : []),
    constant('const', 'url', c.url),
    ...(f ? renewConstants(f, c.secretsIncluded) : []),
    constant('let', 'accessToken', c.accessToken),
    ...(f?.grant === 'refresh_token'
      ? [constant('let', 'refreshToken', f.refreshToken, secretComment(f.refreshToken, c.secretsIncluded))]
      : []),
    ...(c.body !== null ? [constant('const', 'body', c.body)] : []),
    ...(f ? renewFunction(f) : []),
    '',
    `const call = () => fetch(url, { method: ${jsStr(c.method)}, headers: { ${headers.join(', ')} }${c.body !== null ? ', body' : ''} });`,
    '',
    'let response = await call();',
    ...(f
      ? [
          'if (response.status === 401) {',
          '  // RFC 6750 §3.1: invalid_token, for example expired. Get a new one once and try again.',
          '  await renew();',
          '  response = await call();',
          '}',
        ]
      : []),
    'console.log(response.status);',
    'console.log(await response.text());',
    'process.exitCode = response.ok ? 0 : 1;',
    '',
  ].join('\n');
}

export const nodeOAuth2Target: ExportTarget = {
  id: 'node-oauth2',
  label: 'Node.js (fetch), bearer with refresh',
  language: 'javascript',
  kind: 'signing-code',
  extension: '.mjs',
  mediaType: 'text/javascript',
  sources: ['oauth2'],
  secretPlaceholders: 'code',
  render: (input) => {
    const code = oauth2Code({ ...sourceOf(input, 'oauth2'), request: input.request() }, input.secrets);
    return { text: nodeOAuth2(code), notes: code.refresh ? [] : [NO_REFRESH_NOTE] };
  },
};
