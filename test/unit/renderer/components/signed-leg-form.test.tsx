// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { SignedLegPanel } from '../../../../renderer/features/oauth1/SignedLegPanel';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';

afterEach(cleanup);

async function renderLeg() {
  const { bridge } = fakeBridge({ catcherOpen: () => ({ port: 4321, redirectUri: 'http://127.0.0.1:4321/callback' }) });
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 1_700_000_000_000 });
  const profile = profileSchema.parse({
    id: 'mock',
    name: 'Mock provider',
    builtIn: true,
    oauth1: { consumerKey: 'ck', consumerSecret: 'cs' },
  });
  await stores.oauth1.getState().flowStarted(profile, 'http://127.0.0.1:9');
  render(
    <StoresProvider stores={stores}>
      <SignedLegPanel leg="requestToken" next={null} />
    </StoresProvider>
  );
}

describe('a signed leg with bad input', () => {
  it('names the failing step and what is expected, and cannot be sent', async () => {
    await renderLeg();
    await act(async () => fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'example.com/path' } }));
    expect(screen.getByRole('alert').textContent).toMatch(
      /Invalid URL "example.com\/path": expected an absolute URL starting with http:\/\/ or https:\/\//
    );
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('recomputes the signature as the consumer secret changes', async () => {
    await renderLeg();
    const signature = () =>
      screen.getByRole('heading', { name: 'Signature (HMAC-SHA1)' }).closest('li')!.querySelector('pre')!.textContent;
    const before = signature();
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Consumer secret'), { target: { value: 'another-secret' } })
    );
    expect(signature()).not.toBe(before);
  });

  it('refuses an empty nonce with the step that needs it', async () => {
    await renderLeg();
    await act(async () => fireEvent.change(screen.getByLabelText('oauth_nonce'), { target: { value: '' } }));
    expect(screen.getByRole('alert').textContent).toMatch(/protocol-parameters/);
  });
});
