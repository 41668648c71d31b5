// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MockProvider } from '../../../../mock-provider';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C } from '../../mock-provider/helpers';
import { hostBridge } from '../state/host-bridge';
import { landedAt } from '../state/parity-host';

/*
 * A DPoP mistake made on purpose on the API call, refused by a resource server that answers invalid_token (as some
 * do for a proof of another key or a replayed proof; RFC 9449 §7.1 lets them) instead of invalid_dpop_proof: the
 * page's message agrees with the DPoP verifier under it (the proof's mistake, by name), not "refresh it, or
 * authorize again", and the token keeps its standing. The token comes from the mock; the API is a server on
 * 127.0.0.1 that refuses a proof whose jti it saw or whose key is not the profile's.
 */
let mock: MockProvider;
let host: ReturnType<typeof hostBridge>;
let api: Server;
let base = '';
let apiUrl = '';
/** The x coordinate of the profile's DPoP key: the one key the API takes proofs of. */
let boundX = '';
const claims = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  host = hostBridge();
  base = await mock.start();
  const jtis = new Set<string>();
  api = createServer((req, res) => {
    const [header = '', payload = ''] = String(req.headers.dpop ?? '').split('.');
    const x = String(claims(header).jwk?.x);
    const jti = String(claims(payload).jti);
    const refused = jtis.has(jti) || x !== boundX;
    jtis.add(jti);
    if (refused) {
      res.writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': 'DPoP error="invalid_token", error_description="invalid token"',
      });
      return res.end('{"error":"invalid_token","error_description":"invalid token"}');
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/me`;
});
afterAll(async () => {
  await host.close();
  await mock.stop();
  await new Promise((r) => api.close(r));
});
afterEach(cleanup);

async function onApiLeg() {
  const key = await host.bridge.dpopKey({ key: '', alg: 'ES256' });
  if (!key.ok) throw new Error(key.error.message);
  boundX = String(key.value.publicJwk.x);
  const profile = profileSchema.parse({
    id: 'page',
    name: 'Page',
    baseUrl: base,
    callbackPort: 0,
    redirectUri: 'http://127.0.0.1:9/callback',
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read', dpop: true, dpopKey: key.value.key },
  });
  const stores = createStores({ bridge: host.bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  stores.app.setState({ profiles: [profile], activeProfileId: 'page' });
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  const s = stores.oauth2.getState;
  await act(() => s().flowStarted(profile, base));
  const url = await act(() => s().authorizationStarted());
  await act(async () => s().urlPasted(await landedAt(url!)));
  act(() => s().legChosen('token'));
  await act(() => s().legSent('token'));
  expect(s().runs.token!.outcome?.ok, s().runs.token!.outcome?.summary).toBe(true);
  act(() => s().legChosen('api'));
  act(() => s().draftEdited('api', { url: apiUrl }));
  return s;
}

it.each([
  ['another-key', 'jkt-mismatch'],
  ['reused-jti', 'jti-reused'],
] as const)('%s answered with invalid_token: the page names %s, not the token', async (mistake, named) => {
  const s = await onApiLeg();
  act(() => s().dpopMistakeChosen('api', mistake));
  await act(() => s().legSent('api'));
  const made = screen.getByRole('region', { name: 'DPoP mistake made' });
  expect(made.querySelector(`[data-mistake="${named}"]`)).not.toBeNull();
  const summary = s().runs.api!.outcome!.summary;
  expect(summary).toContain('invalid token');
  expect(summary).toContain(named);
  expect(summary).toContain('the proof, not the token');
  expect(summary).not.toMatch(/refresh it|authorize again/);
  expect(screen.getByText(summary)).toBeTruthy();
  expect(s().standing.accessRefused).toBe(false);
  const bar = screen.getByRole('group', { name: 'Next step' });
  expect(within(bar).queryByRole('button', { name: /^Refresh$/ })).toBeNull();
});
