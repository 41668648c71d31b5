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

/*
 * The OpenID Connect page against the mock over real sockets: a new discovery takes away the verdict on the id_token
 * (it was judged with the previous discovery's keys and algorithms), whether it succeeds or fails; and the page
 * reads the OAuth 2 flow's profile as it is saved now, so a JWKS URL typed into the profile after the flow is used.
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(cleanup);

const profile = (jwksUri: string) =>
  profileSchema.parse({
    id: 'mock',
    name: 'Mock provider',
    builtIn: true,
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, jwksUri },
  });

/** The page with the OAuth 2 flow's tokens (its profile naming `jwksUri`), the flow's id_token taken. */
async function pageAfterFlow(jwksUri: string) {
  const { bridge } = fakeBridge(recordingHost());
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(7) },
    now: () => Date.now(),
  });
  render(
    <StoresProvider stores={stores}>
      <OidcPage />
    </StoresProvider>
  );
  const { flow, exchange } = await flowAfterCodeGrant(h, 'openid profile');
  act(() =>
    stores.oauth2.setState({
      flow,
      profile: profile(jwksUri),
      runs: { token: { sending: false, exchange, error: null, outcome: null } },
    })
  );
  fireEvent.click(screen.getByRole('button', { name: "Take the OAuth 2 flow's id_token" }));
  return stores;
}

const keyStep = () =>
  within(screen.getByRole('list', { name: 'Validation steps' }))
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('data-step') === 'key')
    ?.getAttribute('data-status');

/** The id_token's verdict and steps, as validating it last put them on the screen. */
const verdict = () => screen.queryByRole('region', { name: 'id_token validation' });

/** Discovery is over (Discover is pressed while it runs: it is disabled until the answer). */
const discovered = () =>
  waitFor(() => expect((screen.getByRole('button', { name: 'Discover' }) as HTMLButtonElement).disabled).toBe(false), {
    timeout: 5000,
  });

it('a new discovery, failed or not, takes the previous verdict off the screen', async () => {
  await pageAfterFlow('/oidc/jwks');
  const issuer = screen.getByLabelText('Issuer URL');
  fireEvent.change(issuer, { target: { value: h.base } });
  fireEvent.click(screen.getByRole('button', { name: 'Discover' }));
  await discovered();
  fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
  await waitFor(() => expect(verdict()).not.toBeNull(), { timeout: 5000 });

  // Discovery of an issuer that does not answer: it fails, and the verdict made with the earlier one goes.
  fireEvent.change(issuer, { target: { value: 'http://127.0.0.1:9' } });
  fireEvent.click(screen.getByRole('button', { name: 'Discover' }));
  await discovered();
  expect(verdict()).toBeNull();

  // Validated again, then the mock discovered again (it succeeds): the verdict goes too, until Validate.
  fireEvent.change(issuer, { target: { value: h.base } });
  fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
  await waitFor(() => expect(verdict()).not.toBeNull(), { timeout: 5000 });
  fireEvent.click(screen.getByRole('button', { name: 'Discover' }));
  expect(verdict()).toBeNull();
  await discovered();
  expect(verdict()).toBeNull();
});

it('a JWKS URL typed into the profile after the flow is the one the id_token is checked with', async () => {
  const stores = await pageAfterFlow('/oidc/no-such-jwks');
  expect(screen.getByLabelText('JWKS used').textContent).toBe(
    `JWKS: ${h.base}/oidc/no-such-jwks (from the OAuth 2 page's profile)`
  );
  // The profile saved again on the Profiles page, with the right JWKS URL: the flow's copy still names the old one.
  act(() => stores.app.getState().profilesChanged([profile('/oidc/jwks')]));
  expect(screen.getByLabelText('JWKS used').textContent).toBe(
    `JWKS: ${h.base}/oidc/jwks (from the OAuth 2 page's profile)`
  );
  fireEvent.change(screen.getByLabelText('Issuer URL'), { target: { value: h.base } });
  fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
  await waitFor(() => expect(keyStep()).toBe('passed'), { timeout: 5000 });
});
