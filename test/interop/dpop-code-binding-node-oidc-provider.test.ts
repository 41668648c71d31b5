import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP_CLIENT, opCodeFlowArgs, startOidcProvider, type RunningOidcProvider } from '../support/node-oidc-provider';
import { flowInProcess } from '../unit/host/cli/flow-in-process';

/**
 * Interop: the code bound to the DPoP key (RFC 9449 §10, §10.1) by `flow oauth2 --dpop` against node-oidc-provider
 * with features.dPoP (a nonce required) and features.pushedAuthorizationRequests: an implementation nobody here
 * wrote accepts the authorization request's dpop_jkt, and the pushed request's DPoP proof after its nonce
 * challenge, and exchanges each code with the token leg's proof of the same key.
 */
let op: RunningOidcProvider;
beforeAll(async () => {
  op = await startOidcProvider(
    [
      {
        ...OP_CLIENT,
        // RFC 8252 §7.3: a native client's loopback redirect may use any port, as the flow's catcher does.
        redirect_uris: ['http://127.0.0.1/callback'],
        application_type: 'native',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    {
      // oidc-provider's options beyond `enabled` are not in the local declarations (test/interop/oidc-provider.d.ts).
      dPoP: { enabled: true, nonceSecret: randomBytes(32), requireNonce: () => true } as { enabled: boolean },
      pushedAuthorizationRequests: { enabled: true },
    }
  );
});
afterAll(() => op.close());

const opened: string[] = [];
const flow = (extra: string[]) =>
  flowInProcess([...opCodeFlowArgs(op.issuer), '--dpop', ...extra], async (url) => {
    opened.push(url);
    return fetch(await op.browse(url, false));
  });

describe('against node-oidc-provider', () => {
  it('flow oauth2 --dpop: dpop_jkt on the authorization request is accepted and the code exchanged', async () => {
    const r = await flow([]);
    expect(r.code, r.err).toBe(0);
    const fields = JSON.parse(r.out) as { token_type: string; dpop: { thumbprint: string } };
    expect(new URL(opened.at(-1)!).searchParams.get('dpop_jkt')).toBe(fields.dpop.thumbprint);
    expect(fields.token_type).toBe('DPoP');
  });

  it('flow oauth2 --dpop --par: the push carries a proof, follows the nonce asked for, and the code is exchanged', async () => {
    const r = await flow(['--par']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/DPoP proof for POST http:\/\/127\.0\.0\.1:\d+\/request:/);
    expect(r.err).toContain(
      'The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 §8): the pushed authorization request again with it'
    );
    expect((JSON.parse(r.out) as { token_type: string }).token_type).toBe('DPoP');
  });
});
