import { afterAll, beforeAll } from 'vitest';
import { C, Harness, REDIRECT } from './helpers';

/**
 * A mock with the default client and `clients`, started before the file's tests and stopped after them (with
 * `autoLoginUser`, logging that user in at once).
 */
export function mockWithClients(
  clients: readonly Record<string, unknown>[],
  { autoLoginUser }: { readonly autoLoginUser?: string } = {}
): Harness {
  const h = new Harness({
    ...(autoLoginUser ? { autoLoginUser } : {}),
    configValue: { oauth2: { clients: [{ ...C.client, redirectUris: [REDIRECT] }, ...clients] } },
  });
  beforeAll(() => h.start());
  afterAll(() => h.stop());
  return h;
}
