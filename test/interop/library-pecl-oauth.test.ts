import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasRuntime } from '../support/system-runtimes';
import { checkLibrarySignature, diagnose, generateRequests, signAll } from './library-harness';

/** PECL oauth 2.0.7 (Debian php-oauth) signs generated requests with its OAuth client. */
describe('the signature debugger on what PECL oauth signs', () => {
  it.skipIf(!hasRuntime('phpOauth'))(
    'matches where PECL oauth follows RFC 5849 and names its behaviour wherever it does not',
    { timeout: 120_000 },
    () => {
      const requests = generateRequests(5849_04, 200);
      const signed = signAll('php', [join(__dirname, 'library-pecl-oauth-signer.php')], requests);
      const named = new Set<string>();
      requests.forEach((r, i) => {
        const s = signed[i]!;
        if (r.consumerSecret === '') {
          // D11: it refuses what RFC 5849 §3.4.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.2) allows, and the debugger says so for any request with that secret.
          expect(s.error).toBe('OAuthException: The consumer secret cannot be empty');
          const refused = diagnose(
            r,
            'OAuth oauth_consumer_key="ck", oauth_signature_method="HMAC-SHA1", oauth_signature="x"'
          );
          expect(refused.warnings.find((w) => w.behaviour === 'D11')?.libraries?.map((l) => l.library)).toEqual([
            'peclOauth',
          ]);
          named.add('D11');
          return;
        }
        for (const id of checkLibrarySignature('peclOauth', r, s)) named.add(id);
      });
      expect([...named].sort()).toEqual(['D10', 'D11', 'D2', 'D7', 'D9']);
    }
  );
});
