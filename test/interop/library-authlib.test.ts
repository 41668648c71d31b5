import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasRuntime } from '../support/system-runtimes';
import { checkLibrarySignature, generateRequests, signAll } from './library-harness';

/** Authlib 1.2.0 (python3-authlib) signs generated requests; the debugger names its behaviour or reports a match. */
describe('the signature debugger on what Authlib signs', () => {
  it.skipIf(!hasRuntime('python3Authlib'))(
    'matches where Authlib follows RFC 5849 and names Authlib wherever it does not',
    { timeout: 120_000 },
    () => {
      const requests = generateRequests(5849_01, 200);
      const signed = signAll('/usr/bin/python3', [join(__dirname, 'library-authlib-signer.py')], requests);
      const named = new Set(requests.flatMap((r, i) => checkLibrarySignature('authlib', r, signed[i]!)));
      // The generator sends literal %41 in consumer keys, so D1 shows.
      expect([...named]).toEqual(['D1']);
    }
  );
});
