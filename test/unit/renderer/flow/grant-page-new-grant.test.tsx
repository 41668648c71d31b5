// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { GrantPage } from '../../../../renderer/features/flow/GrantPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createGrantStore } from '../../../../renderer/state/machine/grant-store';
import { profileSchema } from '../../../../shared/store/profile';
import { send } from '../../mock-provider/helpers';
import { hostBridge } from '../state/host-bridge';
import { stubTab } from './app-on-mock';
import { fakeGrant, fakeGrantServer, fakeParts } from './fake-grant';

/*
 * A grant made up in the test (fake-grant.tsx: its legs and its explanations, no page component) on the generic
 * grant page, its requests sent through the app's real host services to a server on 127.0.0.1: the legs listed in
 * the grant's order, each sent from its panel (sent, polled, redirected), each exchange recorded with the leg's
 * verdict.
 */
const SECRET = 's3cret-value-of-the-fake-client';
let fake: Awaited<ReturnType<typeof fakeGrantServer>>;
let host: ReturnType<typeof hostBridge>;
beforeAll(async () => {
  fake = await fakeGrantServer(SECRET);
  host = hostBridge();
});
afterAll(async () => {
  await host.close();
  await new Promise((r) => fake.server.close(r));
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const bar = () => within(screen.getByRole('group', { name: 'Next step' }));

function renderFakePage() {
  const deps = { bridge: host.bridge, crypto: browserCrypto, random: nodeRandom, now: Date.now };
  const stores = createStores(deps);
  const profile = profileSchema.parse({
    id: 'fake',
    name: 'Fake',
    baseUrl: fake.base,
    oauth2: { clientSecret: SECRET },
  });
  stores.app.setState({ profiles: [profile], activeProfileId: 'fake', loaded: true });
  const store = createGrantStore(deps, fakeGrant, (p, baseUrl) => ({ baseUrl, secret: p.oauth2.clientSecret }));
  render(
    <StoresProvider stores={stores}>
      <GrantPage grant={fakeGrant} store={store} parts={fakeParts} />
    </StoresProvider>
  );
}

it('a grant with no page component of its own: its legs in order, each sent from the generic panels', async () => {
  renderFakePage();
  fireEvent.click(screen.getByRole('button', { name: 'Start the Fake flow' }));
  const stepper = screen.getByRole('navigation', { name: 'Legs of the flow' });
  expect(
    within(stepper)
      .getAllByRole('button')
      .map((b) => b.querySelector('.leg-title')?.textContent)
  ).toEqual(['Hello', 'Waiting', 'Visit', 'Goodbye']);

  // Sent: the request as it will go, its secret masked, then the response's verdict.
  const request = screen.getByRole('region', { name: 'Request to send' }).textContent!;
  expect(request).toContain(`POST /hello HTTP/1.1\nHost: ${new URL(fake.base).host}`);
  expect(request).toContain('name=lab');
  expect(request).not.toContain(SECRET);
  await act(async () => fireEvent.click(bar().getByRole('button', { name: 'Send' })));
  await screen.findByText('Greeting: hi lab');

  // Polled: the grant runs its polling leg after the sent one; each attempt listed.
  const polls = await screen.findByRole('table', { name: 'Polls' });
  await within(polls).findByText('done');
  expect(
    within(polls)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.children[2]!.textContent)
  ).toEqual(['pending', 'pending', 'done']);
  expect(screen.getByText('Done after 3 polls')).toBeTruthy();

  // Redirected: the URL to open, the browser's landing URL pasted, the callback's checks.
  fireEvent.click(bar().getByRole('button', { name: 'Continue: Visit →' }));
  const tab = stubTab();
  await act(async () => fireEvent.click(bar().getByRole('button', { name: 'Open in browser' })));
  expect(tab.location.href).toBe(`${fake.base}/authorize?state=the-state`);
  // The browser's part: the authorization URL answers with the redirect it lands on.
  const opened = new URL(tab.location.href);
  const landed = String((await send(opened.origin, { path: opened.pathname + opened.search })).headers.location);
  const paste = screen.getByRole('form', { name: 'Paste the URL you landed on' });
  fireEvent.change(within(paste).getByRole('textbox'), { target: { value: landed } });
  fireEvent.submit(paste);
  await screen.findByText('Code the-code received');
  expect(screen.getByText('The state came back.')).toBeTruthy();

  // The leg the grant leaves to the user, sent from its panel too.
  fireEvent.click(bar().getByRole('button', { name: 'Continue: Goodbye →' }));
  // The code is a secret (shared/secrets.ts): masked in the request shown, sent as it is.
  const toSend = screen.getByRole('region', { name: 'Request to send' }).textContent;
  expect(toSend).toMatch(/DELETE \/hello\?code=•+ HTTP\/1\.1/);
  expect(toSend).not.toContain('the-code');
  await act(async () => fireEvent.click(bar().getByRole('button', { name: 'Send' })));
  await screen.findByText('Said goodbye');

  expect(fake.seen).toEqual([
    'POST /hello',
    'GET /status',
    'GET /status',
    'GET /status',
    'GET /authorize',
    'DELETE /hello',
  ]);
  const history = await host.bridge.historyList({ offset: 0, limit: 10 });
  if (!history.ok) throw new Error(history.error.message);
  expect(history.value.entries.map((e) => [e.leg, e.outcome, e.summary]).reverse()).toEqual([
    ['hello', 'succeeded', 'Greeted: hi lab'],
    ['wait', 'failed', 'Still pending'],
    ['wait', 'failed', 'Still pending'],
    ['wait', 'succeeded', 'Done after 3 polls'],
    ['visit', 'succeeded', 'Code the-code received'],
    ['bye', 'succeeded', 'Said goodbye'],
  ]);
  expect(history.value.entries[0]!.exchange.request.url).toBe(`${fake.base}/hello?code=the-code`);
}, 20_000);
