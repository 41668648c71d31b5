// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StoresProvider } from '../../../../renderer/app/stores';
import { HistoryPage } from '../../../../renderer/features/history/HistoryPage';
import type { HistoryEntry } from '../../../../shared/store/history';
import { entry, fakeBridge, storesFor } from './fake-bridge';

afterEach(cleanup);

const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';
const SLACK_SECRET = 'T0AAAAAAA/B0BBBBBBB/XXXXXXXXXXXXXXXXXXXXXXXX';
const BEARER = 'tok-Secret-998877';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJlLXZhbHVl';
const SECRETS = [BOT_TOKEN, 'XXXXXXXXXXXXXXXXXXXXXXXX', BEARER, JWT];

function withUrl(i: number, url: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  const e = entry(i);
  return { ...e, ...patch, exchange: { ...e.exchange, request: { ...e.exchange.request, url } } };
}

/** Every row's text, label and titles: what the list shows and what a screen reader or a tooltip says. */
function shown(): string {
  const rows = within(screen.getByRole('listbox', { name: 'Exchanges, newest first' })).queryAllByRole('option');
  return rows
    .map((r) =>
      [
        r.textContent,
        r.getAttribute('aria-label'),
        ...[...r.querySelectorAll('[title]')].map((t) => t.getAttribute('title')),
      ].join('\n')
    )
    .join('\n');
}

describe('the history list with the keychain on', () => {
  it('masks URL-path secrets, a provider text echoing a secret, and secrets in an imported file name', async () => {
    const fake = fakeBridge(0);
    const echoed = withUrl(1, 'https://api.example/me', {
      summary: `Entry 1: 401, the provider says token ${BEARER} has expired.`,
    });
    fake.entries = [
      withUrl(0, `https://api.telegram.org/bot${BOT_TOKEN}/sendMessage?chat_id=42`),
      {
        ...echoed,
        exchange: {
          ...echoed.exchange,
          request: { ...echoed.exchange.request, headers: [['Authorization', `Bearer ${BEARER}`]] },
        },
      },
      withUrl(2, `https://hooks.slack.com/services/${SLACK_SECRET}`),
      withUrl(3, 'https://idp.example/token', {
        imported: `session-${JWT}.har`,
        summary: `Imported from session-${JWT}.har, entry 3: POST https://idp.example/token → 400`,
      }),
    ];
    render(
      <StoresProvider stores={storesFor(fake.bridge)}>
        <HistoryPage />
      </StoresProvider>
    );
    await waitFor(() => expect(shown()).toContain('sendMessage'));
    const text = shown();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toContain('/bot123456789:••••••••/sendMessage');
    expect(text).toContain('the provider says token •••••••• has expired');
    expect(text).toContain('/services/T0AAAAAAA/B0BBBBBBB/••••••••');
    expect(text).toContain('Imported: session-••••••••.har');
  });
});
