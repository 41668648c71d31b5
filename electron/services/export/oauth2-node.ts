import { jsStr, secretComment } from './literals';
import { sourceOf, type ExportTarget } from './export-target';
import { NO_REFRESH_NOTE, oauth2Code, type OAuth2Code } from './oauth2-model';

const constant = (kind: 'const' | 'let', name: string, value: string, note: string | null = null) =>
  `${kind} ${name} = ${jsStr(value)};${note ? ` // ${note}` : ''}`;

/** Node's fetch: the bearer call (RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1)), and on 401 one refresh (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)) and one retry. */
function nodeOAuth2(c: OAuth2Code): string {
  const f = c.refresh;
  const headers = [...c.headers.map(([n, v]) => `${jsStr(n)}: ${jsStr(v)}`), 'Authorization: `Bearer ${accessToken}`'];
  return [
    `// OAuth 2 bearer request (RFC 6750 §2.1)${f ? ' that refreshes the access token once when the server answers 401' : ''}`,
    `// ${f ? '(RFC 6749 §6). ' : ''}Exported by OAuth Lab. Node 18 or later, no packages.${f ? '' : ' There is no refresh token: when the access token expires, obtain a new one.'}`,
    constant('const', 'url', c.url),
    ...(f
      ? [
          constant('const', 'tokenUrl', f.tokenUrl),
          constant('const', 'clientId', f.clientId),
          ...(f.authentication === 'none'
            ? []
            : [constant('const', 'clientSecret', f.clientSecret, secretComment(f.clientSecret, c.secretsIncluded))]),
        ]
      : []),
    constant('let', 'accessToken', c.accessToken),
    ...(f ? [constant('let', 'refreshToken', f.refreshToken, secretComment(f.refreshToken, c.secretsIncluded))] : []),
    ...(c.body !== null ? [constant('const', 'body', c.body)] : []),
    ...(f
      ? [
          '',
          '// RFC 6749 §6: a new access token for the refresh token. The server may send a new refresh token too.',
          'async function refresh() {',
          "  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken });",
          "  const headers = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };",
          ...{
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
          }[f.authentication],
          "  const res = await fetch(tokenUrl, { method: 'POST', headers, body: form });",
          '  const json = await res.json();',
          '  if (!res.ok) throw new Error(`Refresh refused: ${res.status} ${JSON.stringify(json)}`);',
          '  accessToken = json.access_token;',
          '  refreshToken = json.refresh_token ?? refreshToken;',
          '}',
        ]
      : []),
    '',
    `const call = () => fetch(url, { method: ${jsStr(c.method)}, headers: { ${headers.join(', ')} }${c.body !== null ? ', body' : ''} });`,
    '',
    'let response = await call();',
    ...(f
      ? [
          'if (response.status === 401) {',
          '  // RFC 6750 §3.1: invalid_token, for example expired. Refresh once and try again.',
          '  await refresh();',
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
