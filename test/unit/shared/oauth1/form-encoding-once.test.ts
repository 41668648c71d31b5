import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/**
 * application/x-www-form-urlencoded is one concept with one implementation, shared/url-encoded.ts (formEncode):
 * shared/oauth1/ keeps what is RFC 5849's own and encodes a form (a problem report's body, a signed request's query or
 * body) through it, not with a join of percent-encoded pairs of its own (issue 37 point 6).
 */
const OAUTH1 = 'shared/oauth1';
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []
  );
/** A template that percent-encodes a name and a value around `=`: a form's pair, encoded by hand. */
const PAIR_ENCODED_BY_HAND = /(percentEncode|encodeURIComponent)\([^)]*\)\}=\$\{(percentEncode|encodeURIComponent)\(/;

it('no file under shared/oauth1/ encodes name=value pairs itself', () => {
  const byHand = sources(OAUTH1).filter((file) => PAIR_ENCODED_BY_HAND.test(readFileSync(file, 'utf8')));
  expect(sources(OAUTH1).length).toBeGreaterThan(10);
  expect(byHand).toEqual([]);
});
