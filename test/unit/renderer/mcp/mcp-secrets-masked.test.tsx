// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { McpPage } from '../../../../renderer/features/mcp/McpPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { useMcp } from '../../../../renderer/features/mcp/use-mcp';
import { fakeBridge } from '../state/fake-bridge';
import { expectMasked, expectShown } from '../masked-field';

/**
 * The MCP page's credentials (the client secret, the workload JWT of the JWT bearer grant, private_key_jwt's
 * private key) are masked fields until each one's Reveal, and the form keeps each as pasted.
 */
afterEach(cleanup);

function renderPage() {
  const { bridge } = fakeBridge({ tokensList: () => [] });
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 1_700_000_000_000 });
  render(
    <StoresProvider stores={stores}>
      <McpPage />
    </StoresProvider>
  );
  return useMcp.of(stores);
}

const PEM =
  '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF\n-----END PRIVATE KEY-----\n';

describe("the MCP page's credentials", () => {
  it('masks each until its Reveal, and keeps it as pasted', () => {
    const store = renderPage();
    fireEvent.change(screen.getByLabelText('Grant'), { target: { value: 'jwt-bearer' } });
    fireEvent.change(screen.getByLabelText('Client authentication'), { target: { value: 'private_key_jwt' } });
    const fields = [
      ['Client secret', 'clientSecret', ' mcp-client-secret-0123 '],
      ['Workload JWT', 'assertion', 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3b3JrbG9hZCJ9.c2ln'],
      ['Private key', 'privateKey', PEM],
    ] as const;
    for (const [label, key, value] of fields) {
      const field = screen.getByLabelText(label);
      fireEvent.change(field, { target: { value } });
      expectMasked(field, value);
      expect(store.getState().form[key]).toBe(value);
    }
    for (const [label, , value] of fields) {
      fireEvent.click(screen.getByRole('button', { name: `Reveal ${label.toLowerCase()}` }));
      expectShown(screen.getByLabelText(label), value);
    }
  });
});
