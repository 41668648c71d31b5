import { pyStr, secretComment } from './literals';
import { sourceOf, type ExportTarget } from './export-target';
import { NO_REFRESH_NOTE, oauth2Code, type OAuth2Code } from './oauth2-model';

type Renewing = NonNullable<OAuth2Code['refresh']>;

const assign = (name: string, value: string, note: string | null) =>
  `${name} = ${pyStr(value)}${note ? `  # ${note}` : ''}`;

/** The client's own lines at the token endpoint: how it authenticates (RFC 6749 §2.3.1, RFC 7523 §2.2). */
const CLIENT_AUTHENTICATION: Record<Renewing['authentication'], readonly string[]> = {
  basic: [
    '    # HTTP Basic with the client id and secret, each form-encoded first (RFC 6749 §2.3.1).',
    '    auth = (quote_plus(CLIENT_ID), quote_plus(CLIENT_SECRET))',
  ],
  body: [
    '    # The client authenticates with form fields (client_secret_post, RFC 6749 §2.3.1).',
    '    data += [("client_id", CLIENT_ID), ("client_secret", CLIENT_SECRET)]',
    '    auth = None',
  ],
  none: [
    '    # A public client: it identifies itself with client_id and has no secret to send (RFC 6749 §2.1, §3.2.1).',
    '    data.append(("client_id", CLIENT_ID))',
    '    auth = None',
  ],
  private_key_jwt: [
    '    # private_key_jwt: a JWT signed with the client key, new for this request (RFC 7523 §2.2, OIDC Core §9).',
    '    data += [',
    '        ("client_id", CLIENT_ID),',
    '        ("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"),',
    '        ("client_assertion", client_assertion()),',
    '    ]',
    '    auth = None',
  ],
};

/** RFC 7523 §3: iss and sub the client_id, aud the server, a short exp and a new jti, so no assertion is replayed. */
const ASSERTION_FUNCTION = [
  '',
  '',
  'def client_assertion():',
  '    """A fresh client assertion for each token request (RFC 7523 §3): iss = sub = client_id, aud = the server,',
  '    a new jti (the server refuses one it has seen), and a short lifetime."""',
  '    now = int(time.time())',
  '    claims = {"iss": CLIENT_ID, "sub": CLIENT_ID, "aud": ASSERTION_AUDIENCE, "jti": str(uuid.uuid4()), "iat": now, "exp": now + 120}',
  '    return jwt.encode(claims, PRIVATE_KEY_PEM, algorithm=SIGNING_ALG, headers=KEY_HEADER)',
];

/** The renewal: the refresh token grant (RFC 6749 §6) or client credentials asked again (§4.4.2). */
function renewFunction(f: Renewing): string[] {
  const fields: readonly (readonly [string, string])[] =
    f.grant === 'refresh_token' ? [] : [['grant_type', 'client_credentials'], ...f.params];
  return [
    ...(f.key ? ASSERTION_FUNCTION : []),
    '',
    '',
    'def renew():',
    f.grant === 'refresh_token'
      ? '    """RFC 6749 §6: a new access token for the refresh token. The server may send a new refresh token too."""'
      : '    """RFC 6749 §4.4.2: a new access token for the client itself; there is no refresh token (§4.4.3), it asks again."""',
    f.grant === 'refresh_token'
      ? '    data = [("grant_type", "refresh_token"), ("refresh_token", tokens["refresh_token"])]'
      : `    data = [${fields.map(([n, v]) => `(${pyStr(n)}, ${pyStr(v)})`).join(', ')}]`,
    ...CLIENT_AUTHENTICATION[f.authentication],
    '    r = requests.post(TOKEN_URL, data=data, auth=auth, headers={"Accept": "application/json"}, timeout=30)',
    '    r.raise_for_status()',
    '    body = r.json()',
    '    tokens["access_token"] = body["access_token"]',
    ...(f.grant === 'refresh_token'
      ? ['    tokens["refresh_token"] = body.get("refresh_token") or tokens["refresh_token"]']
      : []),
  ];
}

function renewConstants(f: Renewing, included: boolean): string[] {
  return [
    assign('TOKEN_URL', f.tokenUrl, null),
    assign('CLIENT_ID', f.clientId, null),
    ...(f.authentication === 'none' || f.key
      ? []
      : [assign('CLIENT_SECRET', f.clientSecret, secretComment(f.clientSecret, included))]),
    ...(f.key
      ? [
          assign('PRIVATE_KEY_PEM', f.key.pem, secretComment(f.key.pem, included)),
          assign('SIGNING_ALG', f.key.alg, null),
          `KEY_HEADER = ${JSON.stringify(f.key.keyHeader)}  # names the key: kid or the certificate's x5t#S256 (RFC 7515 §4.1)`,
          assign('ASSERTION_AUDIENCE', f.key.audience, null),
        ]
      : []),
  ];
}

const imports = (f: Renewing | null): string[] => [
  'import sys',
  ...(f?.key ? ['import time', 'import uuid'] : []),
  ...(f?.authentication === 'basic' ? ['from urllib.parse import quote_plus'] : []),
  '',
  ...(f?.key ? ['import jwt'] : []),
  'import requests',
];

/** Python requests: the bearer call (RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1)), and on 401 one renewal (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6), §4.4) and one retry. */
function pythonOAuth2(c: OAuth2Code): string {
  const f = c.refresh;
  const headers = [
    ...c.headers.map(([n, v]) => `${pyStr(n)}: ${pyStr(v)}`),
    '"Authorization": "Bearer " + tokens["access_token"]',
  ];
  const how = !f ? '' : f.grant === 'refresh_token' ? ' (RFC 6749 §6)' : ' by client credentials (RFC 6749 §4.4)';
  const refreshComment = f?.grant === 'refresh_token' ? secretComment(f.refreshToken, c.secretsIncluded) : null;
  return [
    `# OAuth 2 bearer request (RFC 6750 §2.1)${f ? ` that gets a new access token once when the server answers 401${how}` : ''}.`,
    `# Exported by OAuth Lab.${f ? '' : ' There is no refresh token, so when the access token expires, obtain a new one.'} Needs: pip install requests${f?.key ? ' pyjwt[crypto]' : ''}`,
    ...imports(f),
    '',
    assign('URL', c.url, null),
    ...(f ? renewConstants(f, c.secretsIncluded) : []),
    'tokens = {',
    `    "access_token": ${pyStr(c.accessToken)},`,
    ...(f?.grant === 'refresh_token'
      ? [`    "refresh_token": ${pyStr(f.refreshToken)},${refreshComment ? `  # ${refreshComment}` : ''}`]
      : []),
    '}',
    ...(c.body !== null ? [`BODY = ${pyStr(c.body)}`] : []),
    ...(f ? renewFunction(f) : []),
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
          '    # RFC 6750 §3.1: invalid_token, for example expired. Get a new one once and try again.',
          '    renew()',
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
