// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { StoresProvider } from '../../../../renderer/app/stores';
import { HistoryPage } from '../../../../renderer/features/history/HistoryPage';
import { fakeBridge, storesFor } from './fake-bridge';

afterEach(cleanup);

/*
 * The History list shows no secret before anything is revealed, as its detail does not: a secret in a URL's path (a
 * webhook carrying the client secret), a token in its query, a provider's text echoing the secret, and the name of
 * an imported HAR file are shown with the mask helpers, in the cells, their tooltips and the rows' labels.
 */
it('masks the secrets of a listed exchange: path, query, summary, imported file name', async () => {
  const fake = fakeBridge(2);
  const first = fake.entries[0]!;
  fake.entries[0] = {
    ...first,
    imported: 'dump-s3cr3t-value.har',
    summary: 'HTTP 401, the provider says: invalid_client: client_secret s3cr3t-value is wrong.',
    exchange: {
      ...first.exchange,
      request: {
        ...first.exchange.request,
        url: 'https://hooks.example.com/services/T0/B0/s3cr3t-value?access_token=at-123',
      },
    },
  };
  render(
    <StoresProvider stores={storesFor(fake.bridge)}>
      <HistoryPage />
    </StoresProvider>
  );
  const list = screen.getByRole('listbox', { name: 'Exchanges, newest first' });
  await waitFor(() => expect(within(list).getAllByRole('option')[0]!.textContent).toContain('/services/'));
  const row = within(list).getAllByRole('option')[0]!;
  const shown = [
    row.textContent,
    row.getAttribute('aria-label'),
    ...[...row.querySelectorAll('[title]')].map((e) => e.getAttribute('title')),
  ].join('\n');
  expect(shown).toContain('/services/T0/B0/••••••••');
  expect(shown).not.toContain('s3cr3t-value');
  expect(shown).not.toContain('at-123');
});
