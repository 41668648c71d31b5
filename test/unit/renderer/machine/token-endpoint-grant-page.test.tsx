// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_GRANTS } from '../../../../shared/flows/driver/registry';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { TokenEndpointGrantPage } from '../../../../renderer/features/machine/TokenEndpointGrantPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { hostBridgeOnMock } from '../state/host-bridge';
import { mockClientProfile } from '../state/mock-client-profile';
import type { Profile } from '../../../../shared/store/profile';

/**
 * The JWT bearer grant's page, derived from the grant's spec on the generic grant page: the assertion typed in its
 * field goes into the token request (masked there until revealed, as a secret), and Send gets a token from the real
 * mock over the host's transport; the client authenticated by the driver's port as the profile says (a client
 * assertion, RFC 7523 §2.2, and a DPoP proof, RFC 9449 §5), each shown on the leg as sent.
 */
const h = new Harness();
const bridge = hostBridgeOnMock(h);
afterEach(cleanup);

const assertion = () =>
  new SignJWT({ iss: C.client.id, sub: 'build-robot', aud: h.base, exp: Math.floor(Date.now() / 1000) + 60 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(C.client.secret));

/** The JWT bearer page on `profile`, started, the grant's assertion typed in its field. */
async function startedWith(profile: Profile) {
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [profile], activeProfileId: 'mock', mock: { running: true, baseUrl: h.base } });
  render(
    <StoresProvider stores={stores}>
      <TokenEndpointGrantPage grant={CLIENT_GRANTS.jwt_bearer} />
    </StoresProvider>
  );
  fireEvent.click(screen.getByRole('button', { name: 'Start the JWT bearer flow' }));
  const jwt = await assertion();
  fireEvent.change(await screen.findByLabelText(/^assertion/), { target: { value: `${jwt}\n` } });
  return { stores, jwt };
}

describe('the JWT bearer page', () => {
  it('sends the typed assertion with grant_type jwt-bearer and gets a token', async () => {
    const { stores, jwt } = await startedWith(mockClientProfile({ clientAuthentication: 'basic', scope: 'read' }));
    const request = screen.getByRole('region', { name: 'Request to send' });
    await waitFor(() => expect(request.textContent).toContain('urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer'));
    // The request as text masks the assertion as a secret, until revealed (the field above it shows what was typed).
    const asText = request.textContent!.slice(request.textContent!.indexOf('HTTP request'));
    expect(asText).toContain('&assertion=••••');
    expect(asText).not.toContain(jwt);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const store = stores.tokenGrants['jwt-bearer']!;
    await waitFor(() => expect(store.getState().flow?.token).toBeTruthy());
    expect(await screen.findByText(/^Access token received, valid for \d+ s, scope "read"\.$/)).toBeTruthy();
    const accepted = h.provider.events.recent(0).at(-1)!;
    expect(accepted.verdict.message).toContain(`JWT bearer assertion of ${C.client.id} for build-robot accepted`);
  });
});

describe("the JWT bearer page: the client's authentication by the driver", () => {
  it('client_secret_jwt and DPoP: a DPoP-bound token; the leg shows the client assertion and the proof it sent', async () => {
    const key = await bridge.dpopKey({ key: '', alg: 'ES256' });
    if (!key.ok) throw new Error(key.error.message);
    const profile = mockClientProfile({
      clientAuthentication: 'client_secret_jwt',
      scope: 'read',
      dpop: true,
      dpopKey: key.value.key,
    });
    const { stores } = await startedWith(profile);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const store = stores.tokenGrants['jwt-bearer']!;
    await waitFor(() => expect(store.getState().flow?.token).toBeTruthy());
    const run = store.getState().runs.token!;
    expect(JSON.parse(run.exchange!.response.bodyText)).toMatchObject({ token_type: 'DPoP' });
    expect(run.exchange!.request.body).toContain(`client_assertion=${run.assertion!.assertion}`);
    expect(run.exchange!.request.headers.some(([n]) => n === 'DPoP')).toBe(true);
    expect(run.dpop!.proofs.at(-1)).toMatchObject({ method: 'POST', url: run.exchange!.request.url });
    const assertionShown = screen.getByRole('region', { name: 'Client assertion' });
    expect(assertionShown.textContent).toContain('Client assertion (client_secret_jwt)');
    expect(screen.getByRole('region', { name: 'DPoP proof' })).toBeTruthy();
  });
});
