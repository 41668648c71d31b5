import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { Stores } from '../../../../renderer/app/stores';
import { createCatcherHandlers } from '../../../../host/bridge/catcher-handlers';
import { createTransportHandlers } from '../../../../host/bridge/transport-handlers';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { readMockState, updateMockSettings } from '../../../../mock-provider';
import { type Harness, send } from '../../mock-provider/helpers';
import { fakeBridge } from '../state/fake-bridge';

/**
 * A page's bridge over the real mock: the host's real catcher (loopback sockets) and transport, the mock's state and
 * settings read and changed in place, saved tokens collected; `more` adds or replaces methods. `close` stops the
 * catcher's listeners.
 */
export function bridgeOnMock(h: Harness, more: Record<string, (input: any) => unknown> = {}) {
  let emit: ReturnType<typeof fakeBridge>['emit'] | null = null;
  const catcher = createCatcherHandlers({ emit: (e, p) => emit?.(e, p) }, { idleCloseMs: 50 });
  const saved: { token: string; refreshToken: string }[] = [];
  const fake = fakeBridge({
    catcherOpen: catcher.catcherOpen,
    catcherWait: catcher.catcherWait,
    catcherCancel: catcher.catcherCancel,
    httpSend: createTransportHandlers(nodeCrypto, {}).httpSend,
    historyAnnotate: () => ({ annotated: true }),
    tokenSave: ({ token }: { token: { token: string; refreshToken: string } }) => (saved.push(token), null),
    mockState: () => readMockState(h.provider.context),
    mockUpdateSettings: (patch) => updateMockSettings(h.provider.context, patch),
    ...more,
  });
  emit = fake.emit;
  return { ...fake, saved, close: () => catcher.close() };
}

/** The browser tab a page opens (window.open), as a stub whose address the test reads and follows. */
export function stubTab() {
  const tab = { opener: {}, location: { href: '' }, close: () => {} };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return tab;
}

/**
 * The browser's part of an authorization at the mock with auto-login: the authorization URL answers with a redirect
 * to the catcher, which is then requested as the browser would. Returns the authorization URL.
 */
export async function followAuthorization(h: Harness, tab: { location: { href: string } }): Promise<URL> {
  const authorize = new URL(tab.location.href);
  const page = await h.send({ path: authorize.pathname + authorize.search });
  expect(page.status).toBe(302);
  const landed = new URL(String(page.headers.location));
  expect((await send(landed.origin, { path: landed.pathname + landed.search })).status).toBe(200);
  return authorize;
}

/** On the OAuth 2 page: start, authorize in the "browser", continue to the token exchange. */
export async function toTokenLeg(h: Harness, stores: Stores, tab: { location: { href: string } }) {
  fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Open in browser' }));
  await waitFor(() => expect(tab.location.href).toContain('/authorize?'));
  await followAuthorization(h, tab);
  await waitFor(() => expect(stores.oauth2.getState().callbackOutcome?.ok).toBe(true));
  fireEvent.click(screen.getByRole('button', { name: 'Continue: Token exchange →' }));
}

/** Presses the leg's Send and waits for its new run to finish. */
export async function sendLeg(stores: Stores, leg: 'token' | 'api' | 'refresh') {
  const before = stores.oauth2.getState().runs[leg];
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => {
    const run = stores.oauth2.getState().runs[leg];
    expect(run !== before && run?.sending === false).toBe(true);
  });
}
