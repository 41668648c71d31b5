import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAuthorizationHeader } from '../../shared/oauth1';
import type { Param } from '../../shared/url-encoded';
import { hasRuntime } from '../support/system-runtimes';
import { checkLibrarySignature, generateRequests, signAll, type LibraryRequest } from './library-harness';

const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-liboauth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');
/** liboauth takes the query and the form body as one list of arguments after the URL's ?. */
const line = (r: LibraryRequest) => {
  const url = r.body === null ? r.url : `${r.url}${r.url.includes('?') ? '&' : '?'}${r.body}`;
  return [
    r.method,
    url,
    r.body === null ? '0' : '1',
    r.consumerKey,
    r.consumerSecret,
    r.token ?? '',
    r.tokenSecret ?? '',
    r.nonce,
    r.timestamp,
  ]
    .map(hex)
    .join('\t');
};

/** liboauth 1.0.3 (Debian liboauth-dev): a tiny signer compiled with cc signs generated requests. */
describe('the signature debugger on what liboauth signs', () => {
  it.skipIf(!hasRuntime('liboauth'))(
    'matches where liboauth follows RFC 5849 and names its behaviour wherever it does not',
    { timeout: 120_000 },
    () => {
      const binary = join(dir, 'liboauth-signer');
      const cc = spawnSync('cc', ['-O1', '-o', binary, join(__dirname, 'library-liboauth-signer.c'), '-loauth'], {
        encoding: 'utf8',
      });
      expect(cc.status, cc.stderr).toBe(0);
      const requests = generateRequests(5849_05, 200);
      const signed = signAll<LibraryRequest, { oauth: string; baseString: string }>(binary, [], requests, line);
      const named = new Set<string>();
      requests.forEach((r, i) => {
        const { oauth, baseString } = signed[i]!;
        const params = oauth
          .split('&')
          .map((kv): Param => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]);
        for (const id of checkLibrarySignature('liboauth', r, {
          authorization: buildAuthorizationHeader(params),
          baseString,
        }))
          named.add(id);
      });
      expect([...named].sort()).toEqual(['D12', 'D13', 'D4', 'D6']);
    }
  );
});
