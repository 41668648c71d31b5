import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasRuntime } from '../support/system-runtimes';
import { checkLibrarySignature, generateRequests, signAll } from './library-harness';

/** Net::OAuth 0.28 (Debian libnet-oauth-perl) signs generated requests and prints its base string. */
describe('the signature debugger on what Net::OAuth signs', () => {
  it.skipIf(!hasRuntime('perlNetOauth'))(
    'matches where Net::OAuth follows RFC 5849, and otherwise reproduces its base string with its known behaviour',
    { timeout: 120_000 },
    () => {
      const requests = generateRequests(5849_03, 200);
      const signed = signAll('perl', [join(__dirname, 'library-net-oauth-signer.pl')], requests);
      const named = new Set(requests.flatMap((r, i) => checkLibrarySignature('netOauth', r, signed[i]!)));
      expect([...named].sort()).toEqual(['D4', 'D5', 'D6', 'D7', 'D8']);
    }
  );
});
