// @vitest-environment happy-dom
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../../../host/bridge/app-services';
import { createAppStore } from '../../../../host/store';
import { createStores, StoresProvider, type Stores } from '../../../../renderer/app/stores';
import { ProfileAudit } from '../../../../renderer/features/profiles/ProfileAudit';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { EventName } from '../../../../shared/bridge/contract';
import { dispatch } from '../../../../shared/bridge/dispatch';
import { FINDINGS } from '../../../../shared/audit/findings';

/**
 * The *Audit* section of a profile over the real host: idle, refused in words, running with its progress
 * against an issuer that never answers, cancelled, and the findings of the app's own mock with a lax switch on,
 * grouped by status, Show in History opening that audit's exchanges.
 */
let dir: string;
let services: AppServices;
let stores: Stores;
let silent: Server | null = null;
/** auditStatus replies wait for this: a reply read after the events that came later (browser mode can). */
let statusReplyHeld: Promise<void> = Promise.resolve();
let statusRepliesRead = 0;
const held: Socket[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-profile-audit-'));
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
        : async (input: unknown) => {
            const reply = await dispatch(services.handlers, String(name), input);
            if (name === 'auditStatus') {
              await statusReplyHeld;
              statusRepliesRead++;
            }
            return reply;
          },
  });
  stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
});
afterEach(async () => {
  statusReplyHeld = Promise.resolve();
  statusRepliesRead = 0;
  cleanup();
  await services.close();
  held.splice(0).forEach((s) => s.destroy());
  await new Promise((r) => (silent ? silent.close(r) : r(null)));
  silent = null;
  rmSync(dir, { recursive: true, force: true });
});

function renderAudit(profileId: string) {
  render(
    <StoresProvider stores={stores}>
      <ProfileAudit profileId={profileId} unsaved={false} />
    </StoresProvider>
  );
}

const auditButton = () => screen.getByRole('button', { name: 'Audit' });

/** A profile like the mock's whose base URL is `baseUrl`, saved through the bridge. */
async function saveProfile(id: string, baseUrl: string) {
  const listed = await stores.deps.bridge.profilesList();
  const mock = listed.ok ? listed.value[0]! : null;
  const r = await stores.deps.bridge.profileSave({
    profile: { ...mock!, id, name: `Server ${id}`, builtIn: false, followsMock: false, baseUrl },
  });
  expect(r.ok).toBe(true);
}

describe('the Audit section of a profile', () => {
  it('keeps the newer status when the page’s first reply is read after the events of the audit it started', async () => {
    await stores.deps.bridge.mockStart({ port: 0 });
    await stores.deps.bridge.mockUpdateSettings({ switches: { lax: ['metadata-no-s256'] } });
    await stores.deps.bridge.auditStart({ profileId: 'mock' });
    await expect.poll(async () => (await services.handlers.auditStatus(undefined)).state).toBe('done');
    await stores.deps.bridge.mockUpdateSettings({ switches: { lax: [] } });
    let release = () => {};
    statusReplyHeld = new Promise((r) => (release = r));
    renderAudit('mock');
    fireEvent.click(auditButton());
    const notFound = () =>
      within(screen.getByRole('list', { name: 'Not found', hidden: true })).queryByRole('listitem', {
        name: 'metadata-no-s256',
        hidden: true,
      });
    await waitFor(() => expect(notFound()).not.toBeNull());
    // The page's first reply, read now, says the first audit (metadata-no-s256 found): the newer one stays.
    release();
    await waitFor(() => expect(statusRepliesRead).toBe(1));
    expect(notFound()).not.toBeNull();
  });

  it('idle, then refused in words: the mock stopped, a budget that is not a number', async () => {
    renderAudit('mock');
    expect(auditButton()).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(auditButton());
    expect((await screen.findByRole('alert')).textContent).toContain('which is stopped: start the mock');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    fireEvent.change(screen.getByLabelText('Most requests to send'), { target: { value: 'lots' } });
    fireEvent.click(auditButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'a whole number from 1 to 1000, such as 60; got "lots"'
    );
    // Ticking Active probes shows the same warning as `audit --help`.
    fireEvent.click(screen.getByLabelText(/Active probes/));
    expect(screen.getByText('Run active probes only against a server you may test.')).toBeTruthy();
  });

  it('running with its progress against an issuer that never answers, a second click refused, then cancelled', async () => {
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((r) => silent!.listen(0, '127.0.0.1', () => r()));
    const port = (silent.address() as { port: number }).port;
    await saveProfile('silent', `http://127.0.0.1:${port}`);
    renderAudit('silent');
    fireEvent.click(auditButton());
    await screen.findByRole('progressbar', { name: 'Findings decided' });
    await waitFor(() =>
      expect(screen.getByText(/findings decided/).textContent).toBe(
        `Auditing http://127.0.0.1:${port}: 0 of ${FINDINGS.length} findings decided, 1 request sent (at most 60).`
      )
    );
    expect((auditButton() as HTMLButtonElement).disabled).toBe(true);
    await stores.deps.bridge.auditStart({ profileId: 'silent' }).then((r) => expect(r.ok).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByText(/^Cancelled: /).textContent).toBe(
        `Cancelled: GET http://127.0.0.1:${port}/.well-known/openid-configuration was not answered, and nothing more is sent.`
      )
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((auditButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('an issuer nobody listens at: the audit failed, saying which request and why', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    await saveProfile('dead', `http://127.0.0.1:${port}`);
    renderAudit('dead');
    fireEvent.click(auditButton());
    const failed = await screen.findByText(/^The audit failed: /);
    expect(failed.textContent).toContain(`127.0.0.1:${port}`);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export report (HTML)' })).toBeNull();
  });

  it('the mock with a lax switch on: the finding found first, its evidence and section, Show in History', async () => {
    await stores.deps.bridge.mockStart({ port: 0 });
    await stores.deps.bridge.mockUpdateSettings({ switches: { lax: ['metadata-no-s256'] } });
    renderAudit('mock');
    fireEvent.click(auditButton());
    const found = await screen.findByRole('list', { name: 'Found' });
    const row = within(found).getByRole('listitem', { name: 'metadata-no-s256' });
    expect(row.textContent).toContain('RFC 9700 §2.1.1, RFC 7636 §4.2');
    expect(within(row).getByRole('list', { name: 'Evidence of metadata-no-s256' }).textContent).toContain(
      'code_challenge_methods_supported'
    );
    expect(screen.getByText(/ found of /).textContent).toMatch(
      new RegExp(
        `^http://127\\.0\\.0\\.1:\\d+: \\d+ found of ${FINDINGS.length} findings; \\d+ requests? sent \\(read only\\)\\.$`
      )
    );
    // Not found and skipped follow, folded.
    expect(screen.getByText(/^Not found \(\d+\)$/)).toBeTruthy();
    expect(screen.getByText(/^Skipped \(\d+\)$/)).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Skipped', hidden: true })).getAllByText(
        "an active probe: tick Active probes to run it with this profile's client."
      ).length
    ).toBe(FINDINGS.filter((f) => f.active).length);

    fireEvent.click(within(row).getByRole('button', { name: 'Show in History metadata-no-s256' }));
    const focus = stores.app.getState().historyFocus!;
    expect(stores.app.getState().page).toBe('history');
    expect(focus.profileId).toMatch(/^audit:[0-9a-f]+:mock$/);
    const listed = await stores.deps.bridge.historyList({ profileId: focus.profileId });
    const entries = listed.ok ? listed.value.entries : [];
    expect(entries.map((e) => e.leg)).toContain('/.well-known/openid-configuration');
    expect(entries.every((e) => e.flow === 'audit')).toBe(true);
  });
});
