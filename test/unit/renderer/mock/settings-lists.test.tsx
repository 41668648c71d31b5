// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { MockSettingsForm } from '../../../../renderer/features/mock/MockSettingsForm';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { defaultConfig } from '../../../../mock-provider';
import { fakeBridge } from '../state/fake-bridge';

afterEach(cleanup);

/** The settings form showing the mock's default configuration. */
function renderDefaults(): void {
  const config = defaultConfig();
  const stores = createStores({
    bridge: fakeBridge({}).bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n) },
    now: () => 0,
  });
  render(
    <StoresProvider stores={stores}>
      <MockSettingsForm settings={{ lifetimes: config.lifetimes, switches: config.switches }} onSaved={() => {}} />
    </StoresProvider>
  );
}

/** Each list switch offers its own values: the signature methods, and the audit's flaws for `lax` (issue 39). */
it('offers each list switch its own values, and requestObjectAlgs as a choice', () => {
  renderDefaults();
  const lax = within(screen.getByRole('group', { name: /Flaws the mock has on purpose/ }));
  expect((lax.getByLabelText('code-reuse-accepted') as HTMLInputElement).checked).toBe(false);
  expect(lax.queryByLabelText('HMAC-SHA1')).toBeNull();
  const methods = within(screen.getByRole('group', { name: /OAuth 1.0a signature methods/ }));
  expect((methods.getByLabelText('HMAC-SHA1') as HTMLInputElement).checked).toBe(true);
  const algs = screen.getByLabelText(/Request object algorithms/) as HTMLSelectElement;
  expect([...algs.options].map((o) => o.value)).toEqual(['all', 'asymmetric']);
});

it('shows the strict defaults: plain PKCE off, iss on, request objects asymmetric only (RFC 9700 §2.1.1, §4.4)', () => {
  renderDefaults();
  expect((screen.getByLabelText(/Accept code_challenge_method=plain/) as HTMLInputElement).checked).toBe(false);
  expect((screen.getByLabelText(/Add iss to the authorization response/) as HTMLInputElement).checked).toBe(true);
  expect((screen.getByLabelText(/Request object algorithms/) as HTMLSelectElement).value).toBe('asymmetric');
});
