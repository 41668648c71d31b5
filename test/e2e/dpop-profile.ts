import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_CREDENTIALS } from '../../mock-provider/default-credentials';

const { client } = DEFAULT_CREDENTIALS;

/**
 * A profile following the mock, DPoP on with a key the host made (bridge dpopKey), saved over the page's bridge;
 * returns the key's thumbprint (RFC 7638).
 */
export async function savedDpopProfile(page: Page, id: string): Promise<string> {
  const saved = await page.evaluate(
    async ({ id, clientId, clientSecret }) => {
      const call = (name: string, input: unknown) =>
        fetch(`/api/call/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(input),
        });
      // Each call answers a BridgeResult ({ ok, value } or { ok, error }).
      const key = (await (await call('dpopKey', { key: '', alg: 'ES256' })).json()) as {
        value: { key: string; thumbprint: string };
      };
      const saved = await call('profileSave', {
        profile: {
          id,
          name: 'Mock with DPoP',
          followsMock: true,
          service: true,
          callbackPort: 0,
          oauth2: { clientId, clientSecret, dpop: true, dpopKey: key.value.key },
        },
      });
      return { ...((await saved.json()) as { ok: boolean; error?: { message: string } }), jkt: key.value.thumbprint };
    },
    { id, clientId: client.id, clientSecret: client.secret }
  );
  expect(saved.ok, saved.error?.message).toBe(true);
  return saved.jkt;
}

/** The looks every DPoP page test runs in: light and dark, at 1280x800 and 1024x700. */
export const DPOP_LOOKS = [
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const;

/** Clicks a button of the flow's "Next step" bar. */
export const pressNext = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Next step' }).getByRole('button', { name, exact: true }).click();
