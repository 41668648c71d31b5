import { afterAll, beforeAll, expect, it } from 'vitest';
import { C, Harness, REDIRECT } from '../../mock-provider/helpers';
import { machineCli } from './machine-cli';

/*
 * `oauth-lab flow device --dpop` against the mock over real sockets, for a client that requires DPoP (RFC 9449
 * §5.2) with a nonce asked for (§8): every poll carries a proof, the nonce challenge is followed once, and the
 * token is bound to the key (token_type DPoP). Approved at verification_uri_complete (the mock's auto-login).
 */
const h = new Harness({
  autoLoginUser: 'demo',
  configValue: {
    oauth2: {
      clients: [
        { ...C.client, redirectUris: [REDIRECT] },
        { ...C.client, id: 'bound', redirectUris: [REDIRECT], dpop: 'required' },
      ],
    },
  },
});
beforeAll(async () => {
  await h.start();
  h.provider.context.settings.switches.devicePollInterval = 1;
  h.provider.context.settings.switches.dpopNonce = true;
});
afterAll(() => h.stop());

const device = (...args: string[]) =>
  machineCli(
    [
      'device',
      '--base-url',
      h.base,
      '--client-id',
      'bound',
      '--client-secret',
      C.client.secret,
      '--scope',
      'read',
      ...args,
    ],
    ({ complete }) => fetch(complete!)
  );

it('--dpop: the polls carry proofs, the nonce challenge is followed, and the token is DPoP-bound', async () => {
  const r = await device('--dpop', '--json');
  expect(r.code, r.err).toBe(0);
  expect(r.err).toMatch(/DPoP key: ES256, a new key for this run; JWK thumbprint \(RFC 7638\) [A-Za-z0-9_-]{43}/);
  expect(r.err).toContain(
    'The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 §8): the poll request again with it'
  );
  // The device authorization request authenticates the client only; each poll goes to the token endpoint with a proof.
  expect(r.err).not.toMatch(/DPoP proof for POST \S+\/oidc\/device_authorization/);
  expect(r.err).toMatch(/DPoP proof for POST http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/token:\n {2}header\.typ/);
  expect(r.err).toContain('token_type is DPoP: the token is bound to the key of the proof (RFC 9449 §5.1).');
  const fields = JSON.parse(r.out) as { token_type: string; dpop: { thumbprint: string } };
  expect(fields.token_type).toBe('DPoP');
  expect(r.err).toContain(`JWK thumbprint (RFC 7638) ${fields.dpop.thumbprint}`);
}, 30_000);

it('without --dpop the client that requires DPoP is refused at the poll, in the provider words', async () => {
  const r = await device();
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/failed at poll: .*invalid_dpop_proof/);
}, 30_000);
