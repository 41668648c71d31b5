// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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
 * The OAuth 2 page's flow mistake menu, as a person uses it: the token leg offers what this flow can do now (the
 * code sent twice only after an exchange succeeded), the chosen mistake is made at the next Send against the mock
 * on 127.0.0.1, and the explainer's cause id, evidence and RFC section show under the refusal.
 */
let mock: MockProvider;
let host: ReturnType<typeof hostBridge>;
let base = '';
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  host = hostBridge();
  base = await mock.start();
});
afterAll(async () => {
  await host.close();
  await mock.stop();
});
afterEach(cleanup);

it('a wrong PKCE verifier: refused by the mock, pkce_verifier_mismatch named under the refusal', async () => {
  const profile = profileSchema.parse({
    id: 'page',
    name: 'Page',
    baseUrl: base,
    callbackPort: 0,
    redirectUri: 'http://127.0.0.1:9/callback',
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read', pkce: 'S256' },
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
  const landed = await landedAt(url!);
  await act(() => s().urlPasted(landed));
  act(() => s().legChosen('token'));
  const menu = screen.getByLabelText('Flow mistake at the next Send');
  expect(
    screen
      .getByRole('option', { name: 'The code sent twice (once an exchange has succeeded)' })
      .hasAttribute('disabled')
  ).toBe(true);
  fireEvent.change(menu, { target: { value: 'wrong-verifier' } });
  await act(() => s().legSent('token'));
  expect(screen.getByLabelText('Flow mistake made').textContent).toBe('Made on purpose: A wrong PKCE verifier.');
  const why = screen.getByRole('region', { name: 'Why it failed' });
  expect(why.querySelector('code')?.textContent).toBe('pkce_verifier_mismatch');
  expect(why.textContent).toContain('RFC 7636 §4.6');
  expect(why.textContent).toMatch(/the code_verifier \[secret [0-9a-f]+\] of entry \d+ gives the S256 challenge/);
});
