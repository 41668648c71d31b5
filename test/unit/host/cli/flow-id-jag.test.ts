import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { C } from '../../mock-provider/helpers';
import { scratchDir } from '../../../support/scratch-dir';
import { machineCli } from './machine-cli';
import { agentMock, idTokenFile } from '../../mock-provider/agent-mock';
import { withoutFlag } from './run-cli';

/**
 * `oauth-lab flow id-jag` (draft-ietf-oauth-identity-assertion-authz-grant) over real sockets against the mock in
 * both roles: the token exchange at the IdP for an ID-JAG (RFC 8693), the client's check of it (typ, aud), then its
 * redemption at the resource's authorization server (RFC 7523), both legs traced; a broken ID-JAG (switch
 * idJagFault) stopped by the client or refused by the server, by name.
 */
const h = agentMock({ idJag: true });

const agent = async (...args: string[]) => [
  'id-jag',
  '--idp-token-endpoint',
  `${h.base}/oauth/v2/token`,
  '--idp-client-id',
  'agent',
  '--id-token-file',
  await idTokenFile(h, 'agent'),
  '--issuer',
  h.base,
  '--client-id',
  'agent',
  '--client-auth',
  'none',
  '--resource',
  `${h.base}/api/v2/me`,
  '--scope',
  'read',
  ...args,
];

describe('flow id-jag', () => {
  it('the exchange at the IdP, the ID-JAG checked, its redemption: the token on stdout, both legs on stderr', async () => {
    const r = await machineCli([...(await agent()), '--json']);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ token_type: 'bearer', scope: 'read' });
    expect(r.err).toContain('== Token exchange at the IdP for an ID-JAG (RFC 8693 §2.1');
    expect(r.err).toContain('typ is oauth-id-jag+jwt');
    expect(r.err).toContain(`aud is ${h.base}, the authorization server it is presented to`);
    expect(r.err).toContain('== Redeem the ID-JAG at the authorization server (JWT bearer, RFC 7523 §2.1');
    const events = h.provider.events.recent(0).slice(-2);
    expect(events[0]!.verdict.message).toContain('ID-JAG issued for demo to client agent');
    expect(events[1]!.verdict.message).toContain('ID-JAG of');
  });

  it('the IdP client authenticates with its secret (Basic); the authorization server client with its own', async () => {
    const secret = join(scratchDir('id-jag-secret-'), 'secret');
    writeFileSync(secret, C.client.secret);
    const args = withoutFlag(await agent(), '--id-token-file').map((a) =>
      a === 'agent' ? C.client.id : a === 'none' ? 'basic' : a
    );
    // The IdP issues an ID-JAG only for the asking client's own id_token: the default client's here.
    const idToken = ['--id-token-file', await idTokenFile(h)];
    const r = await machineCli([...args, ...idToken, '--idp-client-secret-file', secret, '--json'], undefined, {
      OAUTH_LAB_CLIENT_SECRET: C.client.secret,
    });
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toHaveProperty('access_token');
  });

  for (const [fault, said] of [
    ['wrong-typ', 'typ is "JWT"; an ID-JAG\'s typ is oauth-id-jag+jwt'],
    ['wrong-aud', 'aud is "https://as.elsewhere.example", not'],
  ] as const)
    it(`a broken ID-JAG (idJagFault ${fault}) is stopped by the client before it is redeemed, saying what is wrong`, async () => {
      await h.settings({ switches: { idJagFault: fault } });
      const r = await machineCli(await agent());
      expect(r.code).toBe(1);
      expect(r.out).toBe('');
      expect(r.err).toContain(said);
      expect(r.err).toContain('oauth-lab flow id-jag: failed at exchange');
      expect(h.provider.events.recent(0).at(-1)!.verdict.message).toContain(`switch idJagFault ${fault}`);
    });

  it('an ID-JAG the client cannot judge (expired) is refused by the authorization server by name', async () => {
    await h.settings({ switches: { idJagFault: 'expired' } });
    const r = await machineCli(await agent());
    expect(r.code).toBe(1);
    expect(r.err).toContain('oauth-lab flow id-jag: failed at token: HTTP 400, the provider says: invalid_grant');
    expect(r.err).toContain('The ID-JAG expired at');
  });

  it('no id_token or no IdP: a usage error naming the flag, nothing sent', async () => {
    const args = await agent();
    const before = h.provider.events.recent(0).length;
    const noIdToken = withoutFlag(args, '--id-token-file');
    const r = await machineCli(noIdToken);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--id-token-file FILE (or --id-token, or OAUTH_LAB_ID_TOKEN) is required for flow id-jag');
    const noIdp = withoutFlag(args, '--idp-token-endpoint');
    expect((await machineCli(noIdp)).err).toContain(
      '--idp-token-endpoint URL (the IdP’s token endpoint) is required for flow id-jag'
    );
    expect(h.provider.events.recent(0).length).toBe(before);
  });

  it('--help names both legs and every flag', async () => {
    const r = await machineCli(['id-jag', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: oauth-lab flow id-jag --idp-token-endpoint URL --idp-client-id ID');
    expect(r.out).toContain('[--idp-client-secret-file F] --id-token-file FILE');
    expect(r.out).toContain('OAUTH_LAB_ID_TOKEN');
  });
});
