// @vitest-environment happy-dom
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../../../host/bridge/app-services';
import { createAppStore, type AppStore } from '../../../../host/store';
import { StoresProvider } from '../../../../renderer/app/stores';
import { REST_CHUNK_CHARS } from '../../../../renderer/features/history/BodyRest';
import { HistoryPage } from '../../../../renderer/features/history/HistoryPage';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { dispatch } from '../../../../shared/bridge/dispatch';
import { HISTORY_PREVIEW_CHARS, type HistoryEntry } from '../../../../shared/store/history';
import { entry, storesFor } from './fake-bridge';

/*
 * The History page over the real store (through the contract's dispatch, as either transport runs it): a 10 MB
 * response shows its start and offers the rest in parts; the usage and the size bound are shown and can be set.
 */

let dir: string;
let services: AppServices;
let store: AppStore;
let bridge: BridgeApi;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-history-page-'));
  store = createAppStore({ cwd: dir });
  services = createAppServices({
    host: 'web',
    version: 'test',
    store,
    shell: { openInSystemBrowser: async () => true },
  });
  bridge = new Proxy({} as BridgeApi, {
    get: (_, name) =>
      name === 'on' ? () => () => {} : (input: unknown) => dispatch(services.handlers, String(name), input),
  });
});
afterEach(async () => {
  cleanup();
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

const TEN_MB = 10 * 1024 * 1024;
/** Line n of the big body: easy to find in the text, and different everywhere. */
const bigBody = () => Array.from({ length: TEN_MB / 16 }, (_, n) => `line ${String(n).padStart(10, '0')}\n`).join('');

/** An exchange as the host records it (record-exchange.ts appends through this store method). */
async function add(e: HistoryEntry) {
  expect(store.historyAdd({ entry: e })).toEqual(e);
}

function renderPage() {
  render(
    <StoresProvider stores={storesFor(bridge)}>
      <HistoryPage />
    </StoresProvider>
  );
}

describe('History page with a 10 MB response', () => {
  it('shows its start and offers the rest in parts', async () => {
    const body = bigBody();
    const base = entry(1);
    await add({
      ...base,
      exchange: { ...base.exchange, response: { ...base.exchange.response, bodyText: body, bodySize: body.length } },
    });
    renderPage();
    const list = await screen.findByRole('listbox', { name: 'Exchanges, newest first' });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBe(1));
    fireEvent.click(within(list).getAllByRole('option')[0]!);
    const detail = screen.getByRole('region', { name: 'Exchange detail' });
    const rest = within(detail).getByRole('group', { name: 'Rest of the response body' });
    expect(rest.textContent).toContain("Showing 16,384 of the response body's 10,485,760 characters.");
    // The start is on the page, the rest is not.
    expect(detail.textContent).toContain(body.slice(0, 64));
    expect(detail.textContent).not.toContain(body.slice(HISTORY_PREVIEW_CHARS, HISTORY_PREVIEW_CHARS + 32));

    // Each part goes on the page in pieces of 16 K characters, one per task; together they are the next part.
    const more = () => within(rest).getByRole('button', { name: 'Show the next 131,072 characters' });
    const onPage = () => [...rest.querySelectorAll('pre')].map((p) => p.textContent).join('');
    fireEvent.click(more());
    await waitFor(() => expect(rest.querySelectorAll('pre')).toHaveLength(REST_CHUNK_CHARS / (16 * 1024)));
    expect(onPage()).toBe(body.slice(HISTORY_PREVIEW_CHARS, HISTORY_PREVIEW_CHARS + REST_CHUNK_CHARS));
    expect(rest.textContent).toContain("Showing 147,456 of the response body's 10,485,760 characters.");
    await waitFor(() => expect((more() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(more());
    await waitFor(() => expect(rest.querySelectorAll('pre')).toHaveLength((2 * REST_CHUNK_CHARS) / (16 * 1024)));
    expect(onPage()).toBe(body.slice(HISTORY_PREVIEW_CHARS, HISTORY_PREVIEW_CHARS + 2 * REST_CHUNK_CHARS));
  });
});

describe('History page: the rest of a body is masked as a whole', () => {
  it('masks a secret that straddles two pieces, until revealed', async () => {
    const secret = '"refresh_token":"rt-SECRET-straddling"';
    // The secret starts 10 characters before the end of the first 16 K piece of the part after the preview.
    const at = HISTORY_PREVIEW_CHARS + 16 * 1024 - 10;
    const body = `${'a'.repeat(at)}${secret}${'b'.repeat(200_000)}`;
    const base = entry(1);
    await add({
      ...base,
      exchange: { ...base.exchange, response: { ...base.exchange.response, bodyText: body, bodySize: body.length } },
    });
    renderPage();
    const list = await screen.findByRole('listbox', { name: 'Exchanges, newest first' });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBe(1));
    fireEvent.click(within(list).getAllByRole('option')[0]!);
    const detail = screen.getByRole('region', { name: 'Exchange detail' });
    const rest = within(detail).getByRole('group', { name: 'Rest of the response body' });
    fireEvent.click(within(rest).getByRole('button', { name: 'Show the next 131,072 characters' }));
    const onPage = () => [...rest.querySelectorAll('pre')].map((p) => p.textContent).join('');
    await waitFor(() => expect(rest.querySelectorAll('pre')).toHaveLength(REST_CHUNK_CHARS / (16 * 1024)));
    expect(onPage()).toContain('"refresh_token":"••••••••"');
    expect(onPage()).not.toContain('SECRET');
    fireEvent.click(within(detail).getByRole('button', { name: 'Reveal secrets' }));
    await waitFor(() => expect(onPage()).toContain(secret));
  });
});

describe('History page: size on disk and its bound', () => {
  it('shows the usage, refuses a bound that is not a number, and applies one that is', async () => {
    for (let i = 0; i < 3; i++) await add(entry(i));
    renderPage();
    const usage = await screen.findByRole('status', { name: 'History usage' });
    expect(usage.textContent).toMatch(/^3 exchanges · [\d.]+ KiB of 256\.0 MiB on disk in .*history$/);
    const form = screen.getByRole('form', { name: 'History size' });
    const input = within(form).getByRole('textbox');
    expect((input as HTMLInputElement).value).toBe('256');

    fireEvent.change(input, { target: { value: 'lots' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(
        screen.getByText(/The history size must be a whole number of MiB from 1 to 102,400; "lots" is not\./)
      ).toBeTruthy()
    );

    fireEvent.change(input, { target: { value: '64' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'History usage' }).textContent).toContain('of 64.0 MiB')
    );
    const settings = await dispatch(services.handlers, 'settingsGet', undefined);
    expect(settings).toMatchObject({ ok: true, value: { historyMaxMB: 64 } });
  });
});
