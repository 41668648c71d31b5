import { afterAll, beforeAll, expect, it } from 'vitest';
import { runFlowInProcess } from '../support/in-process-flow';
import { OP_CLIENT, opCodeFlowArgs, startOidcProvider, type RunningOidcProvider } from '../support/node-oidc-provider';

/**
 * Interop: `oauth-lab flow oauth2` checks the authorization response's iss (RFC 9207) against node-oidc-provider,
 * which advertises authorization_response_iss_parameter_supported and sends iss: the honest redirect passes; the
 * same redirect forged with iss=https://evil.example is refused before the code is exchanged (RFC 9700 §4.4); one
 * without iss is refused where that is advertised (--require-iss, or read from the metadata by --issuer).
 */
let op: RunningOidcProvider;
beforeAll(async () => {
  op = await startOidcProvider([
    {
      ...OP_CLIENT,
      // RFC 8252 §7.3: a native client's loopback redirect may use any port, as the flow's catcher does.
      redirect_uris: ['http://127.0.0.1/callback'],
      application_type: 'native',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ]);
});
afterAll(() => op.close());

/** The user's browser, its redirect back to the CLI's catcher changed by `edit` on the way. */
const tampering = (edit: (callback: URL) => void) => async (url: string) => {
  const callback = new URL(await op.browse(url, false));
  edit(callback);
  return fetch(callback);
};

it("the provider's own iss: the code is exchanged", async () => {
  const r = await runFlowInProcess(
    [...opCodeFlowArgs(op.issuer), '--no-open'],
    tampering((u) => expect(u.searchParams.get('iss')).toBe(op.issuer))
  );
  expect(r.err).toContain(`iss equals "${op.issuer}"`);
  expect(r.err).toContain(`-> POST ${op.issuer}/token`);
  expect(r.code, r.err).toBe(0);
});

it('iss=https://evil.example: refused at the authorization step, no token request', async () => {
  const r = await runFlowInProcess(
    [...opCodeFlowArgs(op.issuer), '--no-open'],
    tampering((u) => u.searchParams.set('iss', 'https://evil.example'))
  );
  expect(r.code).toBe(1);
  expect(r.err).toContain(`failed at authorize: iss is "https://evil.example"; expected "${op.issuer}"`);
  expect(r.err).not.toContain(`-> POST ${op.issuer}/token`);
  expect(r.out).toBe('');
});

it('--require-iss (the provider advertises it): a redirect without iss is refused; with its own iss it passes', async () => {
  const refused = await runFlowInProcess(
    [...opCodeFlowArgs(op.issuer), '--no-open', '--require-iss'],
    tampering((u) => u.searchParams.delete('iss'))
  );
  expect(refused.code).toBe(1);
  expect(refused.err).toContain(
    'failed at authorize: The server advertises authorization_response_iss_parameter_supported, but the callback has no iss'
  );
  const honest = await runFlowInProcess(
    [...opCodeFlowArgs(op.issuer), '--no-open', '--require-iss'],
    tampering(() => {})
  );
  expect(honest.code, honest.err).toBe(0);
});

it('--issuer alone: the metadata advertises authorization_response_iss_parameter_supported, so a redirect without iss is refused', async () => {
  const byDiscovery = opCodeFlowArgs(op.issuer).map((a) => (a === '--base-url' ? '--issuer' : a));
  const r = await runFlowInProcess(
    [...byDiscovery, '--no-open'],
    tampering((u) => u.searchParams.delete('iss'))
  );
  expect(r.err).toContain(
    "The metadata advertises authorization_response_iss_parameter_supported: the redirect's iss is required (RFC 9207 §3)."
  );
  expect(r.code).toBe(1);
  expect(r.err).toContain(
    'failed at authorize: The server advertises authorization_response_iss_parameter_supported, but the callback has no iss'
  );
  expect(r.err).not.toContain(`-> POST ${op.issuer}/token`);
  expect(r.out).toBe('');
});
