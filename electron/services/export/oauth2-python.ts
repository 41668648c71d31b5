import { pyStr, secretComment } from './literals';
import { sourceOf, type ExportTarget } from './export-target';
import { NO_REFRESH_NOTE, oauth2Code, type OAuth2Code } from './oauth2-model';

const assign = (name: string, value: string, note: string | null) =>
  `${name} = ${pyStr(value)}${note ? `  # ${note}` : ''}`;

/** Python requests: the bearer call (RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1)), and on 401 one refresh (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)) and one retry. */
function pythonOAuth2(c: OAuth2Code): string {
  const f = c.refresh;
  const headers = [
    ...c.headers.map(([n, v]) => `${pyStr(n)}: ${pyStr(v)}`),
    '"Authorization": "Bearer " + tokens["access_token"]',
  ];
  const refresh = f
    ? [
        assign('TOKEN_URL', f.tokenUrl, null),
        assign('CLIENT_ID', f.clientId, null),
        ...(f.authentication === 'none'
          ? []
          : [assign('CLIENT_SECRET', f.clientSecret, secretComment(f.clientSecret, c.secretsIncluded))]),
      ]
    : [];
  const refreshFunction = f
    ? [
        '',
        '',
        'def refresh():',
        '    """RFC 6749 §6: a new access token for the refresh token. The server may send a new refresh token too."""',
        '    data = {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"]}',
        ...{
          basic: [
            '    # HTTP Basic with the client id and secret, each form-encoded first (RFC 6749 §2.3.1).',
            '    auth = (quote_plus(CLIENT_ID), quote_plus(CLIENT_SECRET))',
          ],
          body: [
            '    # The client authenticates with form fields (client_secret_post, RFC 6749 §2.3.1).',
            '    data["client_id"] = CLIENT_ID',
            '    data["client_secret"] = CLIENT_SECRET',
            '    auth = None',
          ],
          none: [
            '    # A public client: it identifies itself with client_id and has no secret to send (RFC 6749 §2.1, §3.2.1).',
            '    data["client_id"] = CLIENT_ID',
            '    auth = None',
          ],
        }[f.authentication],
        '    r = requests.post(TOKEN_URL, data=data, auth=auth, headers={"Accept": "application/json"}, timeout=30)',
        '    r.raise_for_status()',
        '    body = r.json()',
        '    tokens["access_token"] = body["access_token"]',
        '    tokens["refresh_token"] = body.get("refresh_token") or tokens["refresh_token"]',
      ]
    : [];
  return [
    `# OAuth 2 bearer request (RFC 6750 §2.1)${f ? ' that refreshes the access token once when the server answers 401 (RFC 6749 §6)' : ''}.`,
    `# Exported by OAuth Lab.${f ? '' : ' There is no refresh token, so when the access token expires, obtain a new one.'} Needs: pip install requests`,
    'import sys',
    ...(f?.authentication === 'basic' ? ['from urllib.parse import quote_plus'] : []),
    '',
    'import requests',
    '',
    assign('URL', c.url, null),
    ...refresh,
    'tokens = {',
    `    "access_token": ${pyStr(c.accessToken)},`,
    ...(f
      ? [
          `    "refresh_token": ${pyStr(f.refreshToken)},${secretComment(f.refreshToken, c.secretsIncluded) ? `  # ${secretComment(f.refreshToken, c.secretsIncluded)}` : ''}`,
        ]
      : []),
    '}',
    ...(c.body !== null ? [`BODY = ${pyStr(c.body)}`] : []),
    ...refreshFunction,
    '',
    '',
    'def call():',
    `    headers = {${headers.join(', ')}}`,
    `    return requests.request(${pyStr(c.method)}, URL, headers=headers${c.body !== null ? ', data=BODY.encode("utf-8")' : ''}, timeout=30)`,
    '',
    '',
    'response = call()',
    ...(f
      ? [
          'if response.status_code == 401:',
          '    # RFC 6750 §3.1: invalid_token, for example expired. Refresh once and try again.',
          '    refresh()',
          '    response = call()',
        ]
      : []),
    'print(response.status_code)',
    'print(response.text)',
    'sys.exit(0 if response.ok else 1)',
    '',
  ].join('\n');
}

export const pythonOAuth2Target: ExportTarget = {
  id: 'python-oauth2',
  label: 'Python (requests), bearer with refresh',
  language: 'python',
  kind: 'signing-code',
  extension: '.py',
  mediaType: 'text/x-python',
  sources: ['oauth2'],
  secretPlaceholders: 'code',
  render: (input) => {
    const code = oauth2Code({ ...sourceOf(input, 'oauth2'), request: input.request() }, input.secrets);
    return { text: pythonOAuth2(code), notes: code.refresh ? [] : [NO_REFRESH_NOTE] };
  },
};
