// @vitest-environment happy-dom
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../../../host/bridge/app-services';
import { createAppStore } from '../../../../host/store';
import { createStores, StoresProvider, type Stores } from '../../../../renderer/app/stores';
import { GradePage } from '../../../../renderer/features/grade/GradePage';
import { HistoryPage } from '../../../../renderer/features/history/HistoryPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { EventName } from '../../../../shared/bridge/contract';
import { dispatch } from '../../../../shared/bridge/dispatch';

/**
 * The *Grade a client* page over the real host (the grader on 127.0.0.1, its events delivered as the transports
 * deliver them): its states from stopped to a run, its refusals in words, and a client (plain HTTP here) whose
 * requests turn a scenario green or red; Why? opens the History on that scenario's exchanges.
 */
let dir: string;
let services: AppServices;
let stores: Stores;
let blocker: Server | null = null;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-grade-page-'));
  services = createAppServices({
    host: 'web',
    version: 'test',
    store: createAppStore({ cwd: dir }),
    shell: { openInSystemBrowser: async () => true },
  });
  const bridge = new Proxy({} as BridgeApi, {
    get: (_, name) =>
      name === 'on'
        ? (event: EventName, listener: (payload: unknown) => void) =>
            services.events.subscribe((m) => m.event === event && listener(m.payload))
        : (input: unknown) => dispatch(services.handlers, String(name), input),
  });
  stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
});
afterEach(async () => {
  cleanup();
  await services.close();
  await new Promise((r) => (blocker ? blocker.close(r) : r(null)));
  blocker = null;
  rmSync(dir, { recursive: true, force: true });
});

function renderPage() {
  render(
    <StoresProvider stores={stores}>
      <GradePage />
    </StoresProvider>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const row = (id: string) => screen.getByRole('listitem', { name: id });
const alert = () => screen.findByRole('alert');

async function start(pack: string, wait = '0.2') {
  fireEvent.change(screen.getByLabelText('Pack'), { target: { value: pack } });
  fireEvent.change(field('Decide after quiet (s)'), { target: { value: wait } });
  fireEvent.click(screen.getByRole('button', { name: 'Start grading' }));
  await screen.findByRole('region', { name: 'Client values' });
}

/** The client's values as the page shows them (the secret read through Reveal, as a user would copy it). */
function valuesShown() {
  const values = within(screen.getByRole('region', { name: 'Client values' }));
  const reveal = values.queryByRole('button', { name: 'Reveal client secret' });
  if (reveal) fireEvent.click(reveal);
  const secret = screen.getByRole('region', { name: 'Client values' }).querySelector('.secret code')!.textContent!;
  return {
    issuer: values.getByLabelText('Issuer URL').textContent!,
    clientId: values.getByLabelText('Client ID').textContent!,
    redirectUri: values.getByLabelText('Redirect URI').textContent!,
    secret,
  };
}

/** One HTTP request from Node (happy-dom's fetch applies a page's CORS rules; a client of the grader has none). */
function call(url: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ location: string | undefined; text: string }>((resolve, reject) => {
    const req = httpRequest(url, { method: body === undefined ? 'GET' : 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () => resolve({ location: res.headers.location, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A client that takes the code and redeems it, whatever the state; with `userinfo`, it calls UserInfo too. */
async function client(v: ReturnType<typeof valuesShown>, userinfo: boolean) {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: v.clientId,
    redirect_uri: v.redirectUri,
    state: 's',
  });
  const code = new URL((await call(`${v.issuer}/authorize?${q}`)).location!).searchParams.get('code')!;
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: v.redirectUri });
  const token = await call(
    `${v.issuer}/token`,
    {
      authorization: `Basic ${Buffer.from(`${v.clientId}:${v.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    form.toString()
  );
  const access = (JSON.parse(token.text) as { access_token: string }).access_token;
  if (userinfo) await call(`${v.issuer}/userinfo`, { authorization: `Bearer ${access}` });
}

describe('the Grade a client page', () => {
  it('stopped: Start, the checklist empty; bad input is refused in words before anything starts', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Grader stopped');
    expect(screen.getByText(/Start grading to see the pack/)).toBeTruthy();
    fireEvent.change(field('Port (empty: any free)'), { target: { value: '70000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start grading' }));
    expect((await alert()).textContent).toContain(
      'The port must be a whole number from 0 (any free port) to 65535; got "70000".'
    );
    fireEvent.change(field('Port (empty: any free)'), { target: { value: '' } });
    fireEvent.change(field('Decide after quiet (s)'), { target: { value: 'soon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start grading' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('The wait must be a number of seconds')
    );
    expect(await stores.deps.bridge.gradeStatus()).toMatchObject({ ok: true, value: { running: false } });
  });

  it('a busy port is named; a second Start and a choice after Stop are refused, saying what to do', async () => {
    blocker = createServer();
    const port = await new Promise<number>((r) =>
      blocker!.listen(0, '127.0.0.1', () => r((blocker!.address() as { port: number }).port))
    );
    renderPage();
    fireEvent.change(field('Port (empty: any free)'), { target: { value: String(port) } });
    fireEvent.click(screen.getByRole('button', { name: 'Start grading' }));
    expect((await alert()).textContent).toContain(
      `Port ${port} on 127.0.0.1 is already in use by another program, so the grader cannot listen there.`
    );
    fireEvent.change(field('Port (empty: any free)'), { target: { value: '' } });
    await start('oauth2');
    fireEvent.click(screen.getByRole('button', { name: 'Start grading' }));
    expect((await alert()).textContent).toContain(
      'The grader is already running: stop it before starting another run.'
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Grader stopped'));
    await stores.deps.bridge
      .gradeStop()
      .then((r) => expect(r.ok ? '' : r.error.message).toContain('The grader is not running'));
  });

  it('a run: the values to paste, the scenario chosen and stepped, a row green then one red, Why? opens the History', async () => {
    renderPage();
    await start('oauth2');
    const v = valuesShown();
    expect(v.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/grade\/[0-9a-f]+\/authorization-response-state-mismatch$/);
    expect(v.clientId).toMatch(/^grade-client-/);
    expect(v.secret.length).toBeGreaterThan(20);
    expect(row('authorization-response-state-mismatch').className).toContain('current');
    expect(row('pkce-s256').getAttribute('data-verdict')).toBe('not-run');

    // Next, then choose: the issuer URL follows the scenario.
    fireEvent.click(screen.getByRole('button', { name: 'Next →' }));
    await waitFor(() => expect(valuesShown().issuer).toMatch(/\/authorization-response-iss-mismatch$/));
    fireEvent.change(screen.getByLabelText(/^Scenario \d+ of/), { target: { value: 'token-type-case-insensitive' } });
    await waitFor(() => expect(row('token-type-case-insensitive').className).toContain('current'));

    // A client that accepts "bEaReR" and calls UserInfo: green once its issuer has been quiet for the wait.
    await client(valuesShown(), true);
    await waitFor(() => expect(row('token-type-case-insensitive').getAttribute('data-verdict')).toBe('pass'), {
      timeout: 5000,
    });

    // A client that redeems a code whose state it sent otherwise: red at once, the cause on the row.
    fireEvent.change(screen.getByLabelText(/^Scenario \d+ of/), {
      target: { value: 'authorization-response-state-mismatch' },
    });
    await waitFor(() => expect(row('authorization-response-state-mismatch').className).toContain('current'));
    await client(valuesShown(), false);
    await waitFor(() => expect(row('authorization-response-state-mismatch').getAttribute('data-verdict')).toBe('fail'));
    expect(row('authorization-response-state-mismatch').textContent).toContain(
      'called the token endpoint (POST /token) after'
    );
    expect(screen.getByText('(1 passed, 1 failed)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Why? authorization-response-state-mismatch' }));
    const focus = stores.app.getState().historyFocus!;
    expect(stores.app.getState().page).toBe('history');
    expect(focus.profileId).toMatch(/^grade:[0-9a-f]+:authorization-response-state-mismatch$/);
    expect(focus.cause).toContain('called the token endpoint');
    // The History holds that scenario's exchanges, the token request failed with the cause.
    const listed = await stores.deps.bridge.historyList({ profileId: focus.profileId });
    const entries = listed.ok ? listed.value.entries : [];
    expect(entries.map((e) => `${e.leg} ${e.outcome}`)).toEqual(['token failed', 'authorize succeeded']);
    expect(entries[0]!.summary).toContain(
      'authorization-response-state-mismatch fails here: the client called the token endpoint'
    );

    // The History page takes the focus: filtered to the scenario, its cause above the list.
    cleanup();
    render(
      <StoresProvider stores={stores}>
        <HistoryPage />
      </StoresProvider>
    );
    const why = await screen.findByRole('note', { name: 'Why' });
    expect(why.textContent).toContain('Why authorization-response-state-mismatch failed: fail: the client called');
    expect(why.textContent).toContain('called the token endpoint');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Total' }).textContent).toMatch(/^2 exchanges of \d+ match$/)
    );
    const profile = screen.getByRole('combobox', { name: 'Profile' }) as HTMLSelectElement;
    expect(profile.selectedOptions[0]!.textContent).toBe('Grade: authorization-response-state-mismatch');
    expect(stores.app.getState().historyFocus).toBeNull();
  });
});
