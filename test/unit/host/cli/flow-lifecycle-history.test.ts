import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { createAppStore } from '../../../../host/store';
import { flowInProcess } from './flow-in-process';

// `oauth-lab flow oauth2 --lifecycle` runs its legs on the flow driver: each exchange in the history carries the
// leg's own verdict, in the words the app's pages give it, not the host's reading of the status alone.
let mock: MockProvider;
let dir: string;
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-lifecycle-history-'));
});
afterAll(async () => {
  await mock.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('flow oauth2 --lifecycle records each leg with its verdict', () => {
  it('the token exchange, the refresh, both introspections and the revocation', async () => {
    const { client } = DEFAULT_CREDENTIALS;
    const r = await flowInProcess([
      'oauth2',
      '--base-url',
      mock.baseUrl,
      '--client-id',
      client.id,
      '--client-secret',
      client.secret,
      '--scope',
      'read',
      '--lifecycle',
      '--store-dir',
      dir,
    ]);
    expect(r.code).toBe(0);
    const entries = createAppStore({ cwd: dir }).historyList({ offset: 0, limit: 100 }).entries.reverse();
    expect(entries.map((e) => [e.leg, e.outcome, e.summary])).toEqual([
      ['authorize', 'succeeded', expect.stringMatching(/code/i)],
      ['token', 'succeeded', expect.stringMatching(/^Access token received/)],
      ['refresh', 'succeeded', expect.stringMatching(/^Access token received/)],
      // The lifecycle's endpoints from the issuer's metadata, read by the driver's discovery leg (recorded as the app records it).
      ['discovery', 'succeeded', expect.any(String)],
      ['introspection', 'succeeded', 'The provider says active: true.'],
      ['revocation', 'succeeded', 'Revoked, or already invalid (HTTP 200).'],
      ['introspection', 'succeeded', 'The provider says active: false.'],
    ]);
  });
});
