// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { IdJagPage } from '../../../../renderer/features/machine/IdJagPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';
import { expectMasked, expectShown } from '../masked-field';

/**
 * The ID-JAG page's secrets: the user's id_token and the IdP client's secret are masked fields until each one's
 * Reveal, and the exchange's configuration keeps what was pasted (trimmed, as before).
 */
afterEach(cleanup);

function renderPage() {
  const { bridge } = fakeBridge({});
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 1_700_000_000_000 });
  const profile = profileSchema.parse({ id: 'p', name: 'Server', baseUrl: 'https://as.example' });
  stores.app.setState({ profiles: [profile], activeProfileId: 'p' });
  render(
    <StoresProvider stores={stores}>
      <IdJagPage />
    </StoresProvider>
  );
  fireEvent.click(screen.getByRole('button', { name: /^Start the .* flow$/ }));
  return stores.idJag;
}

const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl';

describe('the ID-JAG page', () => {
  it('masks the id_token until its Reveal and keeps it as pasted', () => {
    const store = renderPage();
    const field = screen.getByLabelText(/^id_token/);
    fireEvent.change(field, { target: { value: `${ID_TOKEN}\n` } });
    expectMasked(field, ID_TOKEN);
    expect(store.getState().flow?.config.idToken).toBe(ID_TOKEN);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal id_token' }));
    expectShown(field, ID_TOKEN);
  });

  it('masks the IdP client secret until its Reveal; with it the IdP client authenticates by Basic', () => {
    const store = renderPage();
    const field = screen.getByLabelText(/^IdP client secret/);
    fireEvent.change(field, { target: { value: 'idp-client-secret-0123' } });
    expectMasked(field, 'idp-client-secret-0123');
    expect(store.getState().flow?.config.idp).toMatchObject({
      clientSecret: 'idp-client-secret-0123',
      authentication: 'basic',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reveal IdP client secret' }));
    expectShown(field, 'idp-client-secret-0123');
  });
});
