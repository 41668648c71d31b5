// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { tokenTail } from '../../../../shared/oidc';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { ClientCredentialsPage } from '../../../../renderer/features/machine/ClientCredentialsPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { Harness } from '../../mock-provider/helpers';
import { hostBridgeOnMock } from '../state/host-bridge';
import { mockClientProfile } from '../state/mock-client-profile';

/**
 * The token a page holds is told apart as every page and the CLI tell tokens apart (tokenTail: its last four
 * characters and its length; a JWT's first characters are the same for every token), with its expiry in words.
 */
const h = new Harness();
const bridge = hostBridgeOnMock(h);
afterEach(cleanup);

it('Client credentials: the bearer token by its tail, and when it expires', async () => {
  const profile = mockClientProfile({ scope: 'read' });
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [profile], activeProfileId: 'mock', mock: { running: true, baseUrl: h.base } });
  render(
    <StoresProvider stores={stores}>
      <ClientCredentialsPage />
    </StoresProvider>
  );
  fireEvent.click(screen.getByRole('button', { name: 'Start the Client credentials flow' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
  await waitFor(() => expect(stores.clientCredentials.getState().flow?.token).toBeTruthy());
  const token = stores.clientCredentials.getState().flow!.token!.accessToken;
  const shown = screen.getByRole('list', { name: 'Credentials' }).textContent!;
  expect(shown).toMatch(
    new RegExp(
      `^Bearer token: ${tokenTail(token).replace(/[()]/g, '\\$&')} expires in (\\d:)?\\d\\d:\\d\\d \\(no refresh token: ask again\\)$`
    )
  );
  expect(shown).not.toContain(token.slice(0, 6));
});
