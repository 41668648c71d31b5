// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import { C, Harness } from '../../mock-provider/helpers';
import { bridgeOnMock, sendLeg, stubTab, toTokenLeg } from '../flow/app-on-mock';

/**
 * What the OAuth 2 page says about its own flow, against the real mock: the code's state in the header after it was
 * sent again, and the explanations of a server that is not the service (the request shown, not the service's).
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

function renderPage(profile: ReturnType<typeof defaultMockProfile>) {
  const bridge = bridgeOnMock(h);
  const stores = createStores({ bridge: bridge.bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  stores.app.setState({ profiles: [profile], activeProfileId: profile.id, mock: { running: true, baseUrl: h.base } });
  const tab = stubTab();
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  return { stores, tab, close: bridge.close };
}

const codeLine = () =>
  within(screen.getByRole('list', { name: 'Credentials' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent!.startsWith('Code:'))!.textContent!;

describe('OAuth 2 page', () => {
  it('after a used code is sent again, the header names the code and says it was refused, not "none yet"', async () => {
    const { stores, tab, close } = renderPage(defaultMockProfile());
    try {
      await toTokenLeg(h, stores, tab);
      expect(codeLine()).toMatch(/^Code: …\S{4} \(\d+ chars\) received/);
      await sendLeg(stores, 'token');
      expect(codeLine()).toMatch(/^Code: …\S{4} \(\d+ chars\) exchanged$/);
      await sendLeg(stores, 'token');
      expect(stores.oauth2.getState().runs.token?.outcome?.ok).toBe(false);
      expect(codeLine()).not.toContain('none yet');
      expect(codeLine()).toMatch(/^Code: …\S{4} \(\d+ chars\) exchanged before, then sent again and refused/);
    } finally {
      await close();
    }
  });

  it("explains the request this profile sends on a server that is not the service, not the service's", async () => {
    // The mock's own endpoints, under a profile not marked as the service: Basic client authentication, no grant_type.
    const profile = profileSchema.parse({
      id: 'other',
      name: 'Another server',
      baseUrl: h.base,
      callbackPort: 0,
      oauth2: { clientId: C.client.id, clientSecret: C.client.secret, clientAuthentication: 'basic' },
    });
    const { stores, tab, close } = renderPage(profile);
    try {
      await toTokenLeg(h, stores, tab);
      act(() => stores.oauth2.getState().legChosen('authorize'));
      const authorize = screen.getByRole('region', { name: 'Authorize' }).querySelector('.explain')!.textContent!;
      expect(authorize).toContain(`This profile sends: GET ${h.base}/oauth/v2/authorize with client_id`);
      expect(authorize).not.toContain('grant_type');
      expect(authorize).not.toContain('The service says');
      act(() => stores.oauth2.getState().legChosen('token'));
      const token = screen.getByRole('region', { name: 'Token exchange' }).querySelector('.explain')!.textContent!;
      expect(token).toContain(`This profile sends: POST ${h.base}/oauth/v2/token with grant_type, code`);
      expect(token).toContain('HTTP Basic');
      expect(token).not.toContain('client_secret');
      expect(token).not.toContain('The service says');
    } finally {
      await close();
    }
  });
});
