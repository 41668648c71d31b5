import { DEFAULT_CREDENTIALS, MockProvider, parseConfig, updateMockSettings } from '../../../../mock-provider';
import { runCli } from './run-cli';

/**
 * The mock the active audit tests probe: strict (the switches that keep every audit finding false), with the
 * built-in client, a confidential web client on an https redirect URI and a public client.
 */
export const WEB_CLIENT = { id: 'audit-web', secret: 'audit-web-secret', redirectUri: 'https://client.example/cb' };
export const PUBLIC_CLIENT = { id: 'audit-public', redirectUri: 'http://127.0.0.1:8765/callback' };
export const STRICT = {
  allowPlainPkce: false,
  issParameter: true,
  requestObjectAlgs: 'asymmetric',
  allowQueryAccessToken: false,
  revokeOnCodeReuse: true,
  rotateRefreshTokens: true,
  requirePushedAuthorizationRequests: false,
  lax: [],
} as const;

export async function auditMock(autoLoginUser?: string): Promise<MockProvider> {
  const { client } = DEFAULT_CREDENTIALS;
  const config = parseConfig({
    oauth2: {
      clients: [
        { id: client.id, secret: client.secret, redirectUris: [...client.redirectUris] },
        { id: WEB_CLIENT.id, secret: WEB_CLIENT.secret, redirectUris: [WEB_CLIENT.redirectUri] },
        { id: PUBLIC_CLIENT.id, redirectUris: [PUBLIC_CLIENT.redirectUri] },
      ],
    },
    switches: STRICT,
  });
  const mock = new MockProvider({ config, ...(autoLoginUser ? { autoLoginUser } : {}) });
  await mock.start({ port: 0 });
  return mock;
}

/** The mock strict but for these switches. */
export const setSwitches = (mock: MockProvider, flaw: Record<string, unknown> = {}) =>
  updateMockSettings(mock.context, { switches: { ...STRICT, ...flaw } });

interface AuditClient {
  readonly id: string;
  readonly secret?: string;
  readonly redirectUri: string;
}

/** `oauth-lab audit --active --json` for one finding (the web client unless told), its secret from the environment. */
export async function auditOne(
  mock: MockProvider,
  id: string,
  extra: string[] = ['--auto-login'],
  client: AuditClient = WEB_CLIENT
) {
  const r = await runCli(
    [
      'audit',
      mock.baseUrl,
      '--active',
      '--client-id',
      client.id,
      '--redirect-uri',
      client.redirectUri,
      '--only',
      id,
      '--json',
      ...extra,
    ],
    '',
    client.secret === undefined ? {} : { OAUTH_LAB_CLIENT_SECRET: client.secret }
  );
  const j = JSON.parse(r.out);
  return { code: r.code, finding: j.findings[0], probes: j.probes as number, out: r.out };
}
