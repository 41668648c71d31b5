// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { MockSettingsForm } from '../../../../renderer/features/mock/MockSettingsForm';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { defaultConfig } from '../../../../mock-provider';
import { fakeBridge } from '../state/fake-bridge';

afterEach(cleanup);

/** The Mock page re-reads the mock on every request it receives; a re-read with the same settings keeps an edit. */
it('keeps an unsaved edit when the mock is re-read with unchanged settings, and takes settings that changed', () => {
  const config = defaultConfig();
  const read = () => structuredClone({ lifetimes: config.lifetimes, switches: config.switches });
  const stores = createStores({
    bridge: fakeBridge({}).bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n) },
    now: () => 0,
  });
  const view = (settings: ReturnType<typeof read>) => (
    <StoresProvider stores={stores}>
      <MockSettingsForm settings={settings} onSaved={() => {}} />
    </StoresProvider>
  );
  const { rerender } = render(view(read()));
  const ttl = screen.getByLabelText(/Request token lifetime/) as HTMLInputElement;
  fireEvent.change(ttl, { target: { value: '-5' } });
  rerender(view(read()));
  expect(ttl.value).toBe('-5');
  expect((screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(false);

  const saved = read();
  saved.lifetimes.requestTokenTtl = 77;
  rerender(view(saved));
  expect(ttl.value).toBe('77');
  expect((screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
});
