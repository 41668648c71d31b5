// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { HistoryPage } from '../../../../renderer/features/history/HistoryPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { Harness } from '../../mock-provider/helpers';
import { hostBridgeOnMock } from '../state/host-bridge';
import { mockClientProfile } from '../state/mock-client-profile';

/*
 * A send that made a mistake on purpose is marked in the History, with the mistake's name: its refusal was the
 * point, not a problem to look into. Against the real mock and host: the OAuth 2 page's token leg with a wrong PKCE
 * verifier, recorded by the host, listed by the History page.
 */
const h = new Harness({ autoLoginUser: 'demo' });
const bridge = hostBridgeOnMock(h);
afterEach(cleanup);

const profile = mockClientProfile({ scope: 'read' });

it('marks the token request sent with a wrong verifier on purpose, naming the mistake', async () => {
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [profile], activeProfileId: 'mock', mock: { running: true, baseUrl: h.base } });
  const o = () => stores.oauth2.getState();
  await o().flowStarted(profile, h.base);
  const authorize = new URL(o().authorizeUrl!);
  const landed = await h.send({ path: `${authorize.pathname}${authorize.search}` });
  await o().urlPasted(String(landed.headers.location));
  o().flowMistakeChosen('wrong-verifier');
  await o().legSent('token');
  expect(o().runs.token!.exchange!.response.status).toBe(400);

  render(
    <StoresProvider stores={stores}>
      <HistoryPage />
    </StoresProvider>
  );
  const list = screen.getByRole('listbox', { name: 'Exchanges, newest first' });
  const row = await waitFor(() => {
    const token = within(list)
      .getAllByRole('option')
      .find((r) => r.getAttribute('aria-label')!.includes('Token exchange'));
    if (!token) throw new Error('no token exchange listed yet');
    return token;
  });
  expect(row.getAttribute('aria-label')).toContain('made on purpose: A wrong PKCE verifier');
  expect(within(row).getByTitle('Made on purpose: A wrong PKCE verifier').textContent).toBe('on purpose');
});
