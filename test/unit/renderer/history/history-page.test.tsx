// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StoresProvider } from '../../../../renderer/app/stores';
import { HistoryPage } from '../../../../renderer/features/history/HistoryPage';
import { ROW_HEIGHT } from '../../../../renderer/features/history/HistoryList';
import { fakeBridge, storesFor, type FakeHistoryBridge } from './fake-bridge';

afterEach(cleanup);

function renderPage(fake: FakeHistoryBridge = fakeBridge()) {
  render(
    <StoresProvider stores={storesFor(fake.bridge)}>
      <HistoryPage />
    </StoresProvider>
  );
  return fake;
}

const list = () => screen.getByRole('listbox', { name: 'Exchanges, newest first' });
const rows = () => within(list()).queryAllByRole('option');
const total = () => screen.getByRole('status', { name: 'Total' }).textContent;
const loadedRows = () => rows().filter((r) => !r.classList.contains('placeholder'));

describe('HistoryPage with 5,000 entries', () => {
  it('shows the total and renders only the rows in view, newest first', async () => {
    const fake = renderPage();
    await waitFor(() => expect(total()).toBe('5,000 exchanges'));
    await waitFor(() => expect(loadedRows().length).toBeGreaterThan(0));
    expect(rows().length).toBeLessThan(60);
    expect(rows()[0]!.getAttribute('aria-label')).toContain('Entry 0:');
    expect(rows()[0]!.getAttribute('aria-setsize')).toBe('5000');
    expect(rows()[0]!.textContent).toContain('Staging API');
    expect(rows()[1]!.textContent).toContain('Mock provider');
    expect(rows()[0]!.textContent).toContain('POST /oauth/v1/request_token');
    // The first screen came from one page of 100, not from the whole history.
    expect(fake.queries[0]).toEqual({ offset: 0, limit: 100 });
    expect(fake.queries.every((q) => q.limit <= 100)).toBe(true);
  });

  it('fetches the page it scrolls to and keeps the rows bounded and in place', async () => {
    const fake = renderPage();
    await waitFor(() => expect(loadedRows().length).toBeGreaterThan(0));
    const spacer = list().querySelector('.history-spacer') as HTMLElement;
    expect(spacer.style.height).toBe(`${5000 * ROW_HEIGHT}px`);
    act(() => {
      list().scrollTop = 3000 * ROW_HEIGHT;
      fireEvent.scroll(list());
    });
    await waitFor(() => expect(fake.queries.some((q) => q.offset === 2900 || q.offset === 3000)).toBe(true));
    await waitFor(() =>
      expect(loadedRows().some((r) => r.getAttribute('aria-label')!.includes('Entry 3000:'))).toBe(true)
    );
    expect(rows().length).toBeLessThan(60);
    const row = rows().find((r) => r.getAttribute('aria-posinset') === '3001')!;
    expect(row.style.top).toBe(`${3000 * ROW_HEIGHT}px`);
    expect(fake.queries.length).toBeLessThan(5);
  });

  it('passes the filters to historyList and shows how many match', async () => {
    const fake = renderPage();
    await waitFor(() => expect(total()).toBe('5,000 exchanges'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Outcome' }), { target: { value: 'failed' } });
    await waitFor(() => expect(total()).toBe('714 exchanges of 5,000 match'));
    expect(fake.queries).toContainEqual({ outcome: 'failed', offset: 0, limit: 100 });
    await waitFor(() => expect(loadedRows()[0]!.getAttribute('aria-label')).toContain('failed'));
    expect(loadedRows().every((r) => r.getAttribute('aria-label')!.includes(', failed: '))).toBe(true);

    fireEvent.change(screen.getByRole('combobox', { name: 'Profile' }), { target: { value: 'real' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Flow and leg' }), { target: { value: 'token' } });
    await waitFor(() =>
      expect(fake.queries).toContainEqual({ profileId: 'real', leg: 'token', outcome: 'failed', offset: 0, limit: 100 })
    );
    const expected = fake.entries.filter(
      (e) => e.profileId === 'real' && e.leg === 'token' && e.outcome === 'failed'
    ).length;
    await waitFor(() => expect(total()).toBe(`${expected} exchanges of 5,000 match`));

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(total()).toBe('5,000 exchanges'));
  });

  it('says when nothing matches', async () => {
    renderPage(fakeBridge(3));
    await waitFor(() => expect(total()).toBe('3 exchanges'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Flow and leg' }), { target: { value: 'refresh' } });
    await waitFor(() => expect(screen.getByText('No exchange matches these filters.')).toBeTruthy());
  });

  it('opens the detail of the chosen row: summary, raw request, response, secrets masked until revealed', async () => {
    renderPage();
    await waitFor(() => expect(loadedRows().length).toBeGreaterThan(3));
    expect(screen.queryByRole('region', { name: 'Exchange detail' })).toBeNull();
    fireEvent.click(rows()[3]!);
    const detail = screen.getByRole('region', { name: 'Exchange detail' });
    expect(within(detail).getByText(/Entry 3: 401, the signature does not match/)).toBeTruthy();
    expect(within(detail).getByRole('heading', { name: 'OAuth 2 · Token exchange' })).toBeTruthy();
    const raw = within(detail).getByText(/^POST \/oauth\/v2\/token\?x=3 HTTP\/1\.1/);
    expect(raw.textContent).toContain('Host: 127.0.0.1:4000');
    expect(raw.textContent).toContain('client_secret=••••••••');
    expect(raw.textContent).not.toContain('s3cr3t-value');
    expect(within(detail).getByText('401 Unauthorized')).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Copy HTTP request' })).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Copy HTTP response' })).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Copy summary' })).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: 'Reveal secrets' }));
    expect(within(detail).getByText(/^POST \/oauth\/v2\/token\?x=3 HTTP\/1\.1/).textContent).toContain(
      'client_secret=s3cr3t-value'
    );
    fireEvent.click(within(detail).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Exchange detail' })).toBeNull();
  });

  it('moves the selection with the arrow keys and opens it with Enter', async () => {
    renderPage();
    await waitFor(() => expect(loadedRows().length).toBeGreaterThan(3));
    list().focus();
    fireEvent.keyDown(list(), { key: 'ArrowDown' });
    fireEvent.keyDown(list(), { key: 'ArrowDown' });
    fireEvent.keyDown(list(), { key: 'ArrowDown' });
    fireEvent.keyDown(list(), { key: 'ArrowUp' });
    expect(list().getAttribute('aria-activedescendant')).toBe('history-row-1');
    expect(rows()[1]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Exchange detail' })).toBeNull();
    fireEvent.keyDown(list(), { key: 'Enter' });
    expect(
      within(screen.getByRole('region', { name: 'Exchange detail' })).getByText(/Entry 1: accessToken answered 200\./)
    ).toBeTruthy();

    // End jumps to the oldest entry; its page is fetched and Enter opens it once it arrives.
    fireEvent.keyDown(list(), { key: 'End' });
    expect(list().getAttribute('aria-activedescendant')).toBe('history-row-4999');
    fireEvent.keyDown(list(), { key: 'Enter' });
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Exchange detail' })).getByText(/Entry 4999: /)).toBeTruthy()
    );
  });

  it('asks for confirmation before clearing the history', async () => {
    const fake = renderPage();
    await waitFor(() => expect(total()).toBe('5,000 exchanges'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear history…' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Clear the whole history?' });
    expect(confirm.textContent).toContain('All 5,000 exchanges');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.clears).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Clear history…' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete all' }));
    await waitFor(() => expect(total()).toBe('0 exchanges'));
    expect(fake.clears).toBe(1);
    expect(screen.getByText('History cleared: 5,000 exchanges deleted.')).toBeTruthy();
    expect(screen.getByText(/No exchanges yet\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Clear history…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refreshes: entries added since appear on top', async () => {
    const fake = renderPage(fakeBridge(3));
    await waitFor(() => expect(total()).toBe('3 exchanges'));
    fake.entries.unshift({ ...fake.entries[0]!, id: 'new', summary: 'A newer exchange.', at: fake.entries[0]!.at + 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Reload list' }));
    await waitFor(() => expect(total()).toBe('4 exchanges'));
    await waitFor(() => expect(rows()[0]!.getAttribute('aria-label')).toContain('A newer exchange.'));
  });

  it('shows an MCP client exchange: flow MCP, its leg, and "MCP client" before the server has a profile', async () => {
    const fake = fakeBridge(2);
    fake.entries.unshift({
      ...fake.entries[0]!,
      id: 'mcp1',
      profileId: 'mcp',
      flow: 'mcp',
      leg: 'resourceMetadata',
      summary: 'resource https://elsewhere.example/mcp does not name the MCP server.',
      at: fake.entries[0]!.at + 1,
    });
    renderPage(fake);
    await waitFor(() => expect(total()).toBe('3 exchanges'));
    await waitFor(() => expect(rows()[0]!.textContent).toContain('MCP client'));
    expect(rows()[0]!.getAttribute('aria-label')).toContain('MCP client, MCP Protected resource metadata');
    expect(rows()[0]!.textContent).not.toContain('deleted profile');
  });

  it('shows a failed read in words', async () => {
    const fake = fakeBridge(10);
    (fake.bridge as unknown as Record<string, unknown>).historyList = () =>
      Promise.resolve({ ok: false, error: { code: 'store_error', message: 'the store file cannot be read' } });
    renderPage(fake);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not read the history: the store file cannot be read'
    );
  });
});
