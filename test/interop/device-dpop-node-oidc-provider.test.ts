import { afterAll, beforeAll, expect, it } from 'vitest';
import { MACHINE_SECRET, startMachineProvider, type MachineProvider } from '../support/node-oidc-provider-machine';
import { machineCli } from '../unit/host/cli/machine-cli';

/**
 * Interop: `oauth-lab flow device --dpop` against node-oidc-provider (panva; nobody here wrote it) with deviceFlow
 * and DPoP on, a nonce required on every proof (RFC 9449 §8), found by discovery (--issuer): the polls carry proofs
 * through the flow driver's DPoP decorator, the provider's nonce is followed, and the token is DPoP-bound. The user
 * at the other device is played through the provider's own model.
 */
let op: MachineProvider;
beforeAll(async () => {
  op = await startMachineProvider();
});
afterAll(() => op.close());

it('flow device --dpop: approved, the token bound to the key (token_type DPoP)', async () => {
  const r = await machineCli(
    [
      'device',
      '--issuer',
      op.issuer,
      '--client-id',
      'post',
      '--client-secret',
      MACHINE_SECRET,
      '--scope',
      'openid',
      '--dpop',
      '--json',
    ],
    ({ userCode }) => op.approve(userCode)
  );
  expect(r.code, r.err).toBe(0);
  expect(r.err).toContain(
    'The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 §8): the poll request again with it'
  );
  expect(r.err).toContain('token_type is DPoP: the token is bound to the key of the proof (RFC 9449 §5.1).');
  const fields = JSON.parse(r.out) as { token_type: string; dpop: { thumbprint: string } };
  expect(fields.token_type).toBe('DPoP');
  expect(r.err).toContain(`JWK thumbprint (RFC 7638) ${fields.dpop.thumbprint}`);
}, 40_000);
