import type { RawRequest } from '../../shared/http';
import { percentEncode } from '../../shared/percent-encoding';
import { formEncode } from '../../shared/url-encoded';
import { authorityOf, parseHttpUrl, requestTarget } from '../../shared/url';
import { ANY_SOURCE, singleUseNotes, titleOf, type ExportTarget } from './export-target';
import { oauth2Code, refuseClientAssertion, type OAuth2Code } from './oauth2-model';

/**
 * A `.http` file for VS Code's REST Client and JetBrains' HTTP Client, which read the same basics: `@name = value`
 * variables, `{{name}}` references, requests separated by `###`, `#` comments. Secrets are only ever referenced;
 * they are defined here when the user includes them, else in the environment both tools keep for that purpose.
 */
const ENVIRONMENT_HINT =
  'Define them in your environment: VS Code settings "rest-client.environmentVariables", or JetBrains http-client.private.env.json.';
const TRANSPORT = new Set(['host', 'content-length', 'connection']);

function requestBlock(
  title: string,
  r: RawRequest,
  origin: string,
  headers: readonly (readonly [string, string])[]
): string[] {
  // The path and query as given (as sent, exportRequest), not re-encoded: they may hold {{variables}}.
  const rest = r.url.replace(/#.*$/s, '').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/';
  const here = originOf(r.url);
  const url = here === origin ? `{{baseUrl}}${rest}` : `${here}${rest}`;
  return [
    `### ${title}`,
    `${r.method} ${url} HTTP/1.1`,
    ...headers.filter(([n]) => !TRANSPORT.has(n.toLowerCase())).map(([n, v]) => `${n}: ${v}`),
    ...(r.body !== undefined ? ['', r.body] : []),
  ];
}

const originOf = (url: string) => {
  const u = parseHttpUrl(url, 'export');
  return `${u.scheme}://${authorityOf(u)}`;
};

/** Secrets the user chose to include, as variables (form-encoded, since the refresh body is a form). */
const defined = (vars: readonly [string, string][]) => vars.filter(([, v]) => v !== '').map(([n, v]) => `@${n} = ${v}`);

/** One request as it is (a signed OAuth 1.0a snapshot, or any request); `lead` is the comment on top. */
function httpFileOf(r: RawRequest, title: string, lead: readonly string[], placeholders: readonly string[]): string {
  const origin = originOf(r.url);
  const names = placeholders.map((p) => p.slice(2, -2));
  return [
    ...lead.map((l) => `# ${l}`),
    ...(names.length ? [`# Secrets left out: ${names.join(', ')}. ${ENVIRONMENT_HINT}`] : []),
    `@baseUrl = ${origin}`,
    '',
    ...requestBlock(title, r, origin, r.headers),
    '',
  ].join('\n');
}

/** The renewal's own form fields (the client's authentication apart), form-encoded (RFC 6749 §6, §4.4.2). */
const renewalFields = (f: NonNullable<OAuth2Code['refresh']>): string =>
  f.grant === 'refresh_token'
    ? 'grant_type=refresh_token&refresh_token={{refresh_token}}'
    : formEncode([['grant_type', 'client_credentials'], ...f.params]);

/** The bearer call with the token in a variable, then the refresh request that renews it (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)). */
function oauth2HttpFile(
  c: OAuth2Code,
  title: string,
  values: { refreshToken: string; clientSecret: string } | null
): string {
  const r: RawRequest = {
    method: c.method,
    url: c.url,
    headers: c.headers,
    ...(c.body !== null ? { body: c.body } : {}),
  };
  const origin = originOf(c.url);
  const f = c.refresh;
  const refresh = f
    ? [
        '',
        f.grant === 'refresh_token'
          ? '### Refresh the access token (RFC 6749 §6); put the new access_token into @accessToken above'
          : '### A new access token by client credentials (RFC 6749 §4.4.2); put its access_token into @accessToken above',
        `POST ${originOf(f.tokenUrl) === origin ? `{{baseUrl}}${requestTarget(parseHttpUrl(f.tokenUrl))}` : f.tokenUrl} HTTP/1.1`,
        'Content-Type: application/x-www-form-urlencoded',
        'Accept: application/json',
        ...(f.authentication === 'basic' ? ['Authorization: Basic {{clientId}} {{client_secret}}'] : []),
        '',
        `${renewalFields(f)}${f.authentication === 'basic' ? '' : `&client_id={{clientId}}${f.authentication === 'body' ? '&client_secret={{client_secret}}' : ''}`}`,
      ]
    : [];
  const secretNames = c.secretsIncluded
    ? []
    : [
        'access_token',
        ...(f
          ? [
              ...(f.grant === 'refresh_token' ? ['refresh_token (form-encoded)'] : []),
              ...(f.authentication === 'none' ? [] : ['client_secret (form-encoded)']),
            ]
          : []),
      ];
  return [
    `# ${title}: OAuth 2 bearer request (RFC 6750 §2.1). Exported by OAuth Lab.`,
    ...(secretNames.length ? [`# Secrets left out: ${secretNames.join(', ')}. ${ENVIRONMENT_HINT}`] : []),
    `@baseUrl = ${origin}`,
    `@accessToken = ${c.accessToken}`,
    ...(f ? [`@clientId = ${percentEncode(f.clientId)}`] : []),
    ...(f && values
      ? defined([
          ['refresh_token', percentEncode(values.refreshToken)],
          ['client_secret', percentEncode(values.clientSecret)],
        ])
      : []),
    '',
    ...requestBlock(title, r, origin, [...c.headers, ['Authorization', 'Bearer {{accessToken}}']]),
    ...refresh,
    '',
  ].join('\n');
}

export const httpFileTarget: ExportTarget = {
  id: 'http-file',
  label: '.http file (VS Code REST Client, JetBrains HTTP Client)',
  language: 'http',
  kind: 'collection',
  extension: '.http',
  mediaType: 'text/plain',
  sources: ANY_SOURCE,
  secretPlaceholders: 'template',
  render: (input) => {
    const { source, exact, request, secrets, singleUse } = input;
    if (source.kind === 'oauth2') {
      refuseClientAssertion(source, 'VS Code REST Client and JetBrains HTTP Client');
      const code = oauth2Code({ ...source, request: request() }, secrets);
      return {
        text: oauth2HttpFile(
          code,
          titleOf(exact),
          secrets.include && code.refresh
            ? {
                refreshToken: source.refreshToken ?? '',
                clientSecret: code.refresh.authentication === 'none' ? '' : (source.clientSecret ?? ''),
              }
            : null
        ),
      };
    }
    const lead = [
      `${titleOf(exact)}. Exported by OAuth Lab for VS Code REST Client and JetBrains HTTP Client.`,
      ...(singleUse
        ? ['Neither client signs OAuth 1.0a requests: this is the signed request as it is.', ...singleUse]
        : []),
    ];
    return { text: httpFileOf(request(), titleOf(exact), lead, secrets.placeholders), notes: singleUseNotes(input) };
  },
};
