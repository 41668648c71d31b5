// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StoresProvider } from '../../../../renderer/app/stores';
import { HistoryPage } from '../../../../renderer/features/history/HistoryPage';
import { createHarExplainRunner, explainHarText } from '../../../../renderer/features/history/har-explain';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { codeFlow, harOf } from '../../shared/explain/har-builder';
import { entry, fakeBridge, storesFor } from './fake-bridge';

afterEach(cleanup);

const failedHar = harOf([
  ...codeFlow('c0de-value-123', { status: 200, response: '{"access_token":"at-secret-value","token_type":"Bearer"}' }),
  {
    url: 'https://idp.example/token',
    body: 'grant_type=authorization_code&code=c0de-value-123&client_id=app&client_secret=app-secret-value',
    status: 400,
    response: '{"error":"invalid_grant","error_description":"<b>bold</b> refusal"}',
    at: 3,
  },
]);

function choose(text: string, name = 'session.har', fake = fakeBridge()) {
  render(
    <StoresProvider stores={storesFor(fake.bridge)}>
      <HistoryPage />
    </StoresProvider>
  );
  const input = screen.getByLabelText('HAR file to explain');
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'application/json' })] } });
}

describe('History: explain a HAR file', () => {
  it('shows the causes of the failed leg, server text as text, secrets as fingerprints', async () => {
    choose(failedHar);
    const failed = await screen.findByRole('region', { name: 'Leg 2 failed' });
    expect(failed.textContent).toContain('code_reused');
    expect(failed.textContent).toContain('RFC 6749 §4.1.2');
    const panel = screen.getByRole('region', { name: 'HAR explanation' });
    expect(panel.textContent).toContain('Why did it fail: session.har');
    expect(panel.textContent).toContain('3 entries, 3 OAuth legs');
    expect(panel.querySelector('b')).toBeNull();
    expect(panel.textContent).not.toContain('c0de-value-123');
    expect(panel.textContent).not.toContain('app-secret-value');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'HAR explanation' })).toBeNull();
  });

  it('a file that is not HAR gets the error naming where it stopped being readable', async () => {
    choose('{"log": {"entries": [}', 'broken.har');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'broken.har cannot be read as HAR: not JSON: it stops being readable at character 21'
    );
  });

  it('adds the legs to the history, marked imported, and the list shows them', async () => {
    const fake = fakeBridge(3);
    const asked: { fileName: string; har: string }[] = [];
    Object.assign(fake.bridge, {
      historyImport: (input: { fileName: string; har: string }) => {
        asked.push(input);
        fake.entries.unshift({ ...entry(0), id: 'imp-1', profileId: '', imported: input.fileName, outcome: 'failed' });
        return Promise.resolve({ ok: true, value: { imported: 1, legs: 3 } });
      },
    });
    choose(failedHar, 'ticket.har', fake);
    fireEvent.click(await screen.findByRole('button', { name: 'Add its OAuth legs to the history' }));
    await screen.findByText('Added 1 exchange of 3 OAuth legs to the history, marked imported.');
    expect(asked).toEqual([{ fileName: 'ticket.har', har: failedHar }]);
    expect(screen.queryByRole('button', { name: 'Add its OAuth legs to the history' })).toBeNull();
    const list = screen.getByRole('listbox', { name: 'Exchanges, newest first' });
    await waitFor(() => expect(list.textContent).toContain('Imported: ticket.har'));
  });

  it("shows the host's progress as a progress bar while it explains the file to add it", async () => {
    const fake = fakeBridge(3);
    const listeners: ((p: { fileName: string; done: number; total: number }) => void)[] = [];
    let answer: (v: unknown) => void = () => {};
    Object.assign(fake.bridge, {
      on: (event: string, listener: (typeof listeners)[number]) => {
        if (event === 'historyImportProgress') listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      },
      historyImport: () => new Promise((resolve) => (answer = resolve)),
    });
    choose(failedHar, 'big.har', fake);
    fireEvent.click(await screen.findByRole('button', { name: 'Add its OAuth legs to the history' }));
    const bar = await screen.findByRole('progressbar', { name: 'Adding the OAuth legs' });
    expect(listeners).toHaveLength(1);
    listeners[0]!({ fileName: 'other.har', done: 9, total: 9 });
    listeners[0]!({ fileName: 'big.har', done: 1500, total: 32000 });
    await screen.findByText('Adding its OAuth legs: 1,500 legs of 32,000 explained…');
    expect(bar.getAttribute('value')).toBe('1500');
    expect(bar.getAttribute('max')).toBe('32000');
    answer({ ok: true, value: { imported: 40000, legs: 32000 } });
    await screen.findByText('Added 40,000 exchanges of 32,000 OAuth legs to the history, marked imported.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(listeners).toHaveLength(0);
  });

  it("explains the app's own history, as its HAR export (secrets included) gives it", async () => {
    const fake = fakeBridge(3);
    const asked: unknown[] = [];
    Object.assign(fake.bridge, {
      historyHar: (input: unknown) => {
        asked.push(input);
        return Promise.resolve({
          ok: true,
          value: { text: failedHar, filename: 'h.har', mediaType: 'application/json' },
        });
      },
    });
    render(
      <StoresProvider stores={storesFor(fake.bridge)}>
        <HistoryPage />
      </StoresProvider>
    );
    fireEvent.click(screen.getByRole('button', { name: 'Explain the history' }));
    await screen.findByRole('region', { name: 'Leg 2 failed' });
    expect(asked).toEqual([{ includeSecrets: true }]);
    expect(screen.getByRole('region', { name: 'HAR explanation' }).textContent).toContain(
      'Why did it fail: the history'
    );
    expect(screen.queryByRole('button', { name: 'Add its OAuth legs to the history' })).toBeNull();
  });

  it('a file of thousands of legs draws a page of them at a time, each list saying how many it shows', async () => {
    const flows = Array.from({ length: 300 }, (_, i) =>
      codeFlow(`code-${i}`, { status: 400, response: '{"error":"invalid_grant"}' }).map((e) => ({ ...e, at: i }))
    );
    choose(harOf(flows.flat()), 'big.har');
    const panel = await screen.findByRole('region', { name: 'HAR explanation' });
    await screen.findByText(/^600 entries, 600 OAuth legs\./);
    expect(panel.querySelectorAll('.explain-legs > li')).toHaveLength(200);
    expect(panel.querySelectorAll('.explain-failed')).toHaveLength(50);
    screen.getByText('Showing 200 of 600 legs.');
    screen.getByText('Showing 50 of 300 failed legs.');
    fireEvent.click(screen.getByRole('button', { name: 'Show 200 more legs' }));
    expect(panel.querySelectorAll('.explain-legs > li')).toHaveLength(400);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more failed legs' }));
    expect(panel.querySelectorAll('.explain-failed')).toHaveLength(100);
  });

  it('a successful flow names nothing', async () => {
    choose(harOf(codeFlow('abc', { status: 200, response: '{"access_token":"x"}' })));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'HAR explanation' }).textContent).toContain('no leg failed')
    );
  });
});

describe('the runner', () => {
  it('explains on the worker and takes its answer', async () => {
    const posted: unknown[] = [];
    const worker = {
      onmessage: null as ((e: MessageEvent) => void) | null,
      onerror: null,
      terminate() {},
      postMessage(m: { id: number; text: string }) {
        posted.push(m);
        queueMicrotask(() =>
          this.onmessage?.({
            data: { id: m.id, result: explainHarText(m.text, browserCrypto, browserRandom) },
          } as MessageEvent)
        );
      },
    };
    const run = createHarExplainRunner(browserCrypto, browserRandom, () => worker as unknown as Worker);
    const result = await run(failedHar);
    expect(posted).toHaveLength(1);
    expect(result.ok && result.report.causes[0]!.id).toBe('code_reused');
  });
});
