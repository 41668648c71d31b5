// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { SignedLegPanel } from '../../../../renderer/features/oauth1/SignedLegPanel';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';
import { fakeBridge as signerBridge, renderSigner } from '../signer/fixtures';
import { expectShown, isMasked } from '../masked-field';

/** The field holds `value` as typed and draws it masked. */
function expectFieldMasked(field: HTMLElement, value: string) {
  expect((field as HTMLInputElement).value).toBe(value);
  expect(isMasked(field)).toBe(true);
}

/**
 * oauth_verifier is a secret by shared/secrets.ts (in a form or query, RFC 5849 §2.2): the OAuth 1.0a page's and the
 * Request signer's oauth_verifier fields, and a signed parameter row whose name is a secret, are masked until
 * revealed, and the draft keeps what was typed. The field alone: the signature's walk-through beside it shows the
 * base string and the header as signed (an OAuth 1.0a header's parameters are public by the list), so the page's
 * text is not checked here.
 */
afterEach(cleanup);

async function renderLeg(leg: 'requestToken' | 'accessToken') {
  const { bridge } = fakeBridge({ catcherOpen: () => ({ port: 4321, redirectUri: 'http://127.0.0.1:4321/callback' }) });
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 1_700_000_000_000 });
  const profile = profileSchema.parse({
    id: 'mock',
    name: 'Mock provider',
    builtIn: true,
    oauth1: { consumerKey: 'ck', consumerSecret: 'cs' },
  });
  await stores.oauth1.getState().flowStarted(profile, 'http://127.0.0.1:9');
  const drafts = stores.oauth1.getState().drafts;
  // The access token leg's form, as the page shows it once the user authorized.
  stores.oauth1.setState({ drafts: { ...drafts, accessToken: { ...drafts.requestToken!, verifier: null } } });
  render(
    <StoresProvider stores={stores}>
      <SignedLegPanel leg={leg} next={null} />
    </StoresProvider>
  );
  return stores;
}

describe('the OAuth 1.0a verifier and secret-named parameters', () => {
  it("the OAuth 1.0a page's oauth_verifier is masked until its Reveal, and the draft keeps it", async () => {
    const stores = await renderLeg('accessToken');
    const field = screen.getByLabelText('oauth_verifier');
    await act(async () => fireEvent.change(field, { target: { value: 'verifier-1234' } }));
    expectFieldMasked(field, 'verifier-1234');
    expect(stores.oauth1.getState().drafts.accessToken!.verifier).toBe('verifier-1234');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal oauth_verifier' }));
    expectShown(field, 'verifier-1234');
  });

  it('a parameter row named as a secret is masked on the OAuth 1.0a page; a public one is not', async () => {
    await renderLeg('requestToken');
    fireEvent.click(screen.getByRole('button', { name: 'Add parameter' }));
    fireEvent.change(screen.getByLabelText('Name of parameter 1'), { target: { value: 'status' } });
    expect(isMasked(screen.getByLabelText('Value of parameter 1'))).toBe(false);
    fireEvent.change(screen.getByLabelText('Name of parameter 1'), { target: { value: 'password' } });
    const value = screen.getByLabelText('Value of parameter 1');
    await act(async () => fireEvent.change(value, { target: { value: 'correct horse' } }));
    expectFieldMasked(screen.getByLabelText('Value of parameter 1'), 'correct horse');
  });

  it("the Request signer's oauth_verifier is masked until its Reveal", async () => {
    renderSigner(signerBridge());
    const field = await screen.findByLabelText('oauth_verifier');
    fireEvent.change(field, { target: { value: 'verifier-5678' } });
    expectFieldMasked(field, 'verifier-5678');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal oauth_verifier' }));
    expectShown(field, 'verifier-5678');
  });
});
