// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { MockPage } from '../../../../renderer/features/mock/MockPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { advanceMockClock, readMockState } from '../../../../mock-provider';
import { Harness, threeLegs, tokens } from '../../mock-provider/helpers';
import { fakeBridge } from '../state/fake-bridge';

/**
 * "Advance to expiry" on the Mock page, against the real mock holding an OAuth 1.0a access token (no lifetime) and
 * an OAuth 2 grant: the message says what expired and what did not, never "every live token has expired".
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(cleanup);

it('names the OAuth 1.0a access token and the refresh token that are still valid', async () => {
  await threeLegs(h);
  await tokens(h);
  const { bridge } = fakeBridge({
    mockState: () => readMockState(h.provider.context),
    mockAdvanceClock: ({ seconds }: { seconds: number }) => advanceMockClock(h.provider.context, seconds),
    mockEvents: () => ({ events: [] }),
    // The page's mutual-TLS panel reads the local CA; this test is about the clock.
    mockCa: () => ({ certificatePem: '', sha256Fingerprint: '', certificatePath: '' }),
  });
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  stores.app.setState({ mock: { running: true, baseUrl: h.base } });
  render(
    <StoresProvider stores={stores}>
      <MockPage />
    </StoresProvider>
  );
  const advance = await screen.findByRole('button', { name: 'Advance to expiry' });
  await waitFor(() => expect((advance as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(advance);
  const said = (await screen.findByRole('status')).textContent!;
  expect(said).not.toContain('every live token');
  expect(said).toMatch(
    /^Clock advanced by \d+ s: every request token, authorization code and bearer token has expired/
  );
  expect(said).toContain(
    'still valid: 1 OAuth 1.0a access token (no lifetime: deauthorize to end) and 1 refresh token'
  );
  // What the mock holds agrees: the OAuth 1.0a access token is still valid.
  expect(readMockState(h.provider.context).state.oauth1.accessTokens.map((t) => t.status)).toEqual(['valid']);
});
