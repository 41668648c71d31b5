// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { flowAfterCodeGrant } from '../../host/oidc/oidc-mock-session';
import { fakeBridge } from '../state/fake-bridge';
import { recordingHost } from '../state/host-history';

// The JWKS URL a profile names is used for the id_token without discovery, and the page says where it came from.
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(cleanup);

it("validates the OAuth 2 flow's id_token with the profile's JWKS URL, before any discovery", async () => {
  const { bridge } = fakeBridge(recordingHost());
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(5) },
    now: () => Date.now(),
  });
  render(
    <StoresProvider stores={stores}>
      <OidcPage />
    </StoresProvider>
  );
  const profile = profileSchema.parse({
    id: 'mock',
    name: 'Mock provider',
    builtIn: true,
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, jwksUri: '/oidc/jwks' },
  });
  const { flow, exchange } = await flowAfterCodeGrant(h, 'openid profile');
  act(() =>
    stores.oauth2.setState({ flow, profile, runs: { token: { sending: false, exchange, error: null, outcome: null } } })
  );
  expect(screen.getByLabelText('JWKS used').textContent).toBe(
    `JWKS: ${h.base}/oidc/jwks (from the OAuth 2 page's profile)`
  );
  fireEvent.click(screen.getByRole('button', { name: "Take the OAuth 2 flow's id_token" }));
  fireEvent.change(screen.getByLabelText('Issuer URL'), { target: { value: h.base } });
  fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
  const steps = await screen.findByRole('list', { name: 'Validation steps' }, { timeout: 5000 });
  await waitFor(() => expect(within(steps).getAllByRole('listitem').length).toBeGreaterThan(3));
  expect(
    within(steps)
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('data-step') === 'key')!
      .getAttribute('data-status')
  ).toBe('passed');
});
