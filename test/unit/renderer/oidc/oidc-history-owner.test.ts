import { afterAll, beforeAll, expect, it } from 'vitest';
import { joseVerifier } from '../../../../platform/jose';
import { createOidcStore } from '../../../../renderer/state/oidc/oidc-store';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { Harness } from '../../mock-provider/helpers';
import { fakeBridge } from '../state/fake-bridge';
import { hostHistory, recordIds } from '../state/host-history';

// The OpenID Connect page used with no OAuth 2 flow: its discovery is recorded once, with the leg's verdict, under
// the page's own history owner (the History page names it), not under an empty or a deleted profile.
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());

it("records the page's discovery under the OpenID Connect page's owner, with the discovery's verdict", async () => {
  const host = hostHistory();
  const { bridge, calls } = fakeBridge({ httpSend: host.httpSend, historyAnnotate: host.historyAnnotate });
  let drawn = 0;
  const store = createOidcStore({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(++drawn) },
    now: Date.now,
    jose: joseVerifier,
    profile: () => null,
  });
  store.getState().issuerEdited(h.base);
  await store.getState().discoveryRequested();
  const entries = recordIds(calls).map((id) => host.entry(id));
  expect(entries.map((e) => [e?.profileId, e?.leg, e?.outcome])).toEqual([
    ['openid-connect', 'discovery', 'succeeded'],
  ]);
  expect(entries[0]!.summary).toMatch(/^Every check passed: /);
});
