import { describe, expect, it } from 'vitest';
import { headerValue } from '../../../../shared/http';
import { C } from '../../mock-provider/helpers';
import { runMcpCli } from './run-mcp-cli';
import { agentMock, idTokenFile, userIdToken } from '../../mock-provider/agent-mock';
import { withoutFlag } from '../cli/run-cli';

// `oauth-lab mcp --grant id-jag` (MCP enterprise-managed authorization) against the mock in both roles, over
// sockets: the token exchange at the IdP for an ID-JAG (RFC 8693), its redemption at the MCP server's authorization
// server (RFC 7523), then the MCP calls with the token; a broken ID-JAG (switch idJagFault) stopped by the client
// before it is redeemed, and one the authorization server refuses, each by name.
const h = agentMock({ autoLoginUser: 'demo', idJag: true });

const tokenRequests = () => h.provider.events.recent(0).filter((e) => e.endpoint === 'oauth2.token');

const idJag = async (...more: string[]) => [
  `${h.base}/mcp`,
  '--grant',
  'id-jag',
  '--idp-token-endpoint',
  `${h.base}/oauth/v2/token`,
  '--idp-client-id',
  'agent',
  '--id-token-file',
  await idTokenFile(h, 'agent'),
  '--client-id',
  'agent',
  '--client-auth',
  'none',
  ...more,
];

describe('oauth-lab mcp --grant id-jag against the mock as IdP and authorization server', () => {
  it('the exchange at the IdP, the ID-JAG checked and redeemed, then the MCP calls: the tools listed, exit 0', async () => {
    const r = await runMcpCli(await idJag());
    expect(r.code, r.stderr).toBe(0);
    expect(r.opened).toEqual([]);
    expect(r.stdout).toContain('whoami');
    expect(r.stderr).toContain('== Token exchange at the IdP for an ID-JAG (RFC 8693 §2.1');
    expect(r.stderr).toContain(`aud is ${h.base}, the authorization server it is presented to`);
    expect(r.stderr).toContain('== Redeem the ID-JAG at the authorization server (JWT bearer, RFC 7523 §2.1');
    expect(r.stderr).toContain('The MCP server answered with the access token.');
    const [exchange, redemption] = tokenRequests().slice(-2);
    // The exchange names the MCP server's authorization server and the MCP server itself (RFC 8693 §2.1).
    expect(exchange!.verdict.message).toContain('ID-JAG issued for demo to client agent');
    const sent = new URLSearchParams(exchange!.exchange.request.body);
    expect(sent.get('requested_token_type')).toBe('urn:ietf:params:oauth:token-type:id-jag');
    expect(sent.get('audience')).toBe(h.base);
    expect(sent.get('resource')).toBe(`${h.base}/mcp`);
    expect(redemption!.verdict.message).toContain('ID-JAG of');
  });

  it('the id_token and the IdP client secret from the environment, the IdP client authenticated with Basic', async () => {
    // The confidential client at both servers: the IdP and the authorization server each refuse it unauthenticated.
    const args = withoutFlag(await idJag(), '--id-token-file').map((a) => (a === 'agent' ? C.client.id : a));
    const r = await runMcpCli(
      args.map((a) => (a === 'none' ? 'basic' : a)),
      undefined,
      {
        ...process.env,
        OAUTH_LAB_ID_TOKEN: await userIdToken(h),
        OAUTH_LAB_IDP_CLIENT_SECRET: C.client.secret,
        OAUTH_LAB_CLIENT_SECRET: C.client.secret,
      }
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('whoami');
    expect(tokenRequests().at(-2)!.verdict.message).toContain(`ID-JAG issued for demo to client ${C.client.id}`);
  });

  it('--dpop: a proof on the redemption at the authorization server only, none to the IdP (RFC 9449 §5)', async () => {
    const r = await runMcpCli([...(await idJag()), '--dpop']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('whoami');
    const [exchange, redemption] = tokenRequests().slice(-2);
    expect(headerValue(exchange!.exchange.request.headers, 'dpop')).toBeUndefined();
    expect(headerValue(redemption!.exchange.request.headers, 'dpop')).toBeDefined();
    // The token is bound to the key: the MCP calls carry it with a proof (RFC 9449 §7.1).
    expect(r.stderr).toMatch(/DPoP proof for POST http:\/\/127\.0\.0\.1:\d+\/mcp:/);
  });

  it('a broken ID-JAG from the IdP (idJagFault wrong-aud) is refused by the client before it is redeemed', async () => {
    await h.settings({ switches: { idJagFault: 'wrong-aud' } });
    const r = await runMcpCli(await idJag());
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('aud is "https://as.elsewhere.example", not');
    expect(r.stderr).toContain('oauth-lab mcp: failed at exchange');
    expect(r.stderr).not.toContain('== Redeem the ID-JAG');
    expect(h.provider.events.recent(0).at(-1)!.verdict.message).toContain('switch idJagFault wrong-aud');
  });

  it('a redemption the authorization server refuses (idJagFault expired) fails at the token leg, by name', async () => {
    await h.settings({ switches: { idJagFault: 'expired' } });
    const r = await runMcpCli(await idJag());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('oauth-lab mcp: failed at token: HTTP 400, the provider says: invalid_grant');
    expect(r.stderr).toContain('The ID-JAG expired at');
  });

  it('--grant id-jag without the id_token or the IdP: a usage error naming the flag, nothing sent', async () => {
    const args = await idJag();
    const before = h.provider.events.recent(0).length;
    const noIdToken = await runMcpCli(withoutFlag(args, '--id-token-file'));
    expect(noIdToken.code).toBe(2);
    expect(noIdToken.stderr).toContain('--grant id-jag needs --id-token-file FILE (or OAUTH_LAB_ID_TOKEN');
    const noIdp = await runMcpCli(withoutFlag(args, '--idp-token-endpoint'));
    expect(noIdp.code).toBe(2);
    expect(noIdp.stderr).toContain('--grant id-jag needs --idp-token-endpoint URL');
    const stray = await runMcpCli([...withoutFlag(args, '--grant'), '--grant', 'client-credentials']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain('--idp-token-endpoint goes with --grant id-jag');
    // The id_token and the IdP client's secret would travel in cleartext: plain http off loopback is refused.
    const plain = await runMcpCli(
      args.map((a) => (a === `${h.base}/oauth/v2/token` ? 'http://example.test/token' : a))
    );
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain(
      '--idp-token-endpoint must be an https URL (http only on 127.0.0.1, localhost or [::1]); got "http://example.test/token"'
    );
    expect(h.provider.events.recent(0).length).toBe(before);
  });

  it('--help names --grant id-jag and its flags, the secrets with their files and variables', async () => {
    const r = await runMcpCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('[--grant authorization-code|client-credentials|jwt-bearer|id-jag]');
    expect(r.stdout).toContain(
      '[--idp-token-endpoint URL --idp-client-id ID [--idp-client-secret-file F] --id-token-file FILE]'
    );
    expect(r.stdout).toContain('--id-token-file PATH (its first line), or OAUTH_LAB_ID_TOKEN');
    expect(r.stdout).toContain('--idp-client-secret-file PATH (its first line), or OAUTH_LAB_IDP_CLIENT_SECRET');
  });
});
