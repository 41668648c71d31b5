// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { MockSettingsForm } from '../../../../renderer/features/mock/MockSettingsForm';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { defaultConfig } from '../../../../mock-provider';
import { ID_TOKEN_FAULTS } from '../../../../shared/oidc/mock-switches';
import { fakeBridge } from '../state/fake-bridge';

afterEach(cleanup);

it('offers the id_token faults and algorithms as choices and saves the one picked', async () => {
  const config = defaultConfig();
  const settings = { lifetimes: config.lifetimes, switches: config.switches };
  const { bridge, calls } = fakeBridge({ mockUpdateSettings: (patch: typeof settings) => patch });
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n) },
    now: () => 0,
  });
  render(
    <StoresProvider stores={stores}>
      <MockSettingsForm settings={settings} onSaved={() => {}} />
    </StoresProvider>
  );
  const fault = screen.getByLabelText(/OpenID Connect id_token fault/) as HTMLSelectElement;
  expect([...fault.options].map((o) => o.value)).toEqual([...ID_TOKEN_FAULTS]);
  expect(fault.value).toBe('off');
  expect(
    [...(screen.getByLabelText(/id_token signing algorithm/) as HTMLSelectElement).options].map((o) => o.value)
  ).toEqual(['RS256', 'ES256']);
  fireEvent.change(fault, { target: { value: 'wrong-aud' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  await waitFor(() => expect(calls.some(([name]) => name === 'mockUpdateSettings')).toBe(true));
  const [, sent] = calls.find(([name]) => name === 'mockUpdateSettings')!;
  expect((sent as typeof settings).switches.idTokenFault).toBe('wrong-aud');
});
