import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasRuntime } from '../support/system-runtimes';
import { checkLibrarySignature, generateRequests, signAll } from './library-harness';

/** ruby-oauth 0.5.4 (Debian ruby-oauth) signs generated requests and prints its base string. */
describe('the signature debugger on what ruby-oauth signs', () => {
  it.skipIf(!hasRuntime('rubyOauth'))(
    'matches where ruby-oauth follows RFC 5849, and otherwise reproduces its base string with its known behaviour',
    { timeout: 120_000 },
    () => {
      const requests = generateRequests(5849_02, 200);
      const signed = signAll('ruby', [join(__dirname, 'library-ruby-oauth-signer.rb')], requests);
      const named = new Set(requests.flatMap((r, i) => checkLibrarySignature('rubyOauth', r, signed[i]!)));
      expect([...named].sort()).toEqual(['D2', 'D3']);
    }
  );
});
