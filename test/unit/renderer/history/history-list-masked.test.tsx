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

/*
 * A URL whose path is the credential is masked whatever the profiles hold, by the path shapes of the one list of
 * secrets (shared/secrets.ts): a Telegram bot token, a Slack incoming webhook, a Discord webhook. The public part
 * (the bot's id, the workspace and channel ids, the webhook's id) stays, to tell the rows apart.
 */
it.each([
  ['https://api.telegram.org/bot123456789:AAE-tg_SecretToken42/sendMessage', '/bot123456789:••••••••/sendMessage'],
  ['https://hooks.slack.com/services/T0ABC/B0DEF/SlackSecret42xyz', '/services/T0ABC/B0DEF/••••••••'],
  ['https://discord.com/api/webhooks/1122334455/Discord-Secret_42?wait=true', '/api/webhooks/1122334455/••••••••'],
])('masks the secret a URL path carries: %s', async (url, masked) => {
  const fake = fakeBridge(1);
  const first = fake.entries[0]!;
  fake.entries[0] = { ...first, exchange: { ...first.exchange, request: { ...first.exchange.request, url } } };
  render(
    <StoresProvider stores={storesFor(fake.bridge)}>
      <HistoryPage />
    </StoresProvider>
  );
  const list = screen.getByRole('listbox', { name: 'Exchanges, newest first' });
  await waitFor(() => expect(within(list).getAllByRole('option')[0]!.textContent).toContain(masked));
  const row = within(list).getAllByRole('option')[0]!;
  const shown = [
    row.textContent,
    row.getAttribute('aria-label'),
    ...[...row.querySelectorAll('[title]')].map((e) => e.getAttribute('title')),
  ].join('\n');
  expect(shown).not.toMatch(/Secret/);
});
