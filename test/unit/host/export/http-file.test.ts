import { describe, expect, it } from 'vitest';
import { exportRequest, type ExportSource } from '../../../../host/export';

/** The .http format both VS Code REST Client and JetBrains HTTP Client read: @variables, {{references}}, ###. */
const oauth2: ExportSource = {
  kind: 'oauth2',
  request: {
    method: 'GET',
    url: 'http://127.0.0.1:9/api/v2/me?x=1',
    headers: [
      ['Authorization', 'Bearer at-123'],
      ['Accept', 'application/json'],
    ],
  },
  refreshToken: 'rt/+456',
  tokenUrl: 'http://127.0.0.1:9/oauth/v2/token',
  clientId: 'c id',
  clientSecret: 'client-secret',
};

describe('.http files', () => {
  it('OAuth 2: the call with the token in a variable, then the refresh; secrets referenced, defined elsewhere', () => {
    const r = exportRequest({ target: 'http-file', source: oauth2 });
    expect(r).toMatchObject({
      filename: 'get-api-v2-me.http',
      placeholders: ['{{access_token}}', '{{refresh_token}}', '{{client_secret}}'],
    });
    expect(r.text).toBe(
      [
        '# GET /api/v2/me: OAuth 2 bearer request (RFC 6750 §2.1). Exported by OAuth Lab.',
        '# Secrets left out: access_token, refresh_token (form-encoded), client_secret (form-encoded). Define them in your environment: VS Code settings "rest-client.environmentVariables", or JetBrains http-client.private.env.json.',
        '@baseUrl = http://127.0.0.1:9',
        '@accessToken = {{access_token}}',
        '@clientId = c%20id',
        '',
        '### GET /api/v2/me',
        'GET {{baseUrl}}/api/v2/me?x=1 HTTP/1.1',
        'Accept: application/json',
        'Authorization: Bearer {{accessToken}}',
        '',
        '### Refresh the access token (RFC 6749 §6); put the new access_token into @accessToken above',
        'POST {{baseUrl}}/oauth/v2/token HTTP/1.1',
        'Content-Type: application/x-www-form-urlencoded',
        'Accept: application/json',
        '',
        'grant_type=refresh_token&refresh_token={{refresh_token}}&client_id={{clientId}}&client_secret={{client_secret}}',
        '',
      ].join('\n')
    );
  });
  it("OAuth 2 with secrets included: defined as form-encoded variables; HTTP Basic uses the clients' user/password form", () => {
    const t = exportRequest({
      target: 'http-file',
      source: { ...oauth2, clientAuthentication: 'basic' },
      includeSecrets: true,
    }).text;
    expect(t).toContain('@refresh_token = rt%2F%2B456\n@client_secret = client-secret\n');
    expect(t).toContain('Authorization: Basic {{clientId}} {{client_secret}}\n');
    expect(t).toContain('grant_type=refresh_token&refresh_token={{refresh_token}}\n');
    expect(t).not.toMatch(/^# Secrets left out/m);
  });
  it("any request: as it is, with the base URL in a variable and the transport's Host left to the client", () => {
    const t = exportRequest({
      target: 'http-file',
      source: {
        kind: 'request',
        request: { method: 'DELETE', url: 'https://api.example.com/x#frag', headers: [['Host', 'api.example.com']] },
      },
    }).text;
    expect(t).toBe(
      [
        '# DELETE /x. Exported by OAuth Lab for VS Code REST Client and JetBrains HTTP Client.',
        '@baseUrl = https://api.example.com',
        '',
        '### DELETE /x',
        'DELETE {{baseUrl}}/x HTTP/1.1',
        '',
      ].join('\n')
    );
  });
});
