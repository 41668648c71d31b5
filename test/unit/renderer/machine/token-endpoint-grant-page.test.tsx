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

/**
 * The JWT bearer grant's page, derived from the grant's spec on the generic grant page: the assertion typed in its
 * field goes into the token request (masked there until revealed, as a secret), and Send gets a token from the real
 * mock over the host's transport.
 */
const h = new Harness();
const bridge = hostBridgeOnMock(h);
afterEach(cleanup);

const assertion = () =>
  new SignJWT({ iss: C.client.id, sub: 'build-robot', aud: h.base, exp: Math.floor(Date.now() / 1000) + 60 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(C.client.secret));

describe('the JWT bearer page', () => {
  it('sends the typed assertion with grant_type jwt-bearer and gets a token', async () => {
    const profile = mockClientProfile({ clientAuthentication: 'basic', scope: 'read' });
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
