import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/**
 * application/x-www-form-urlencoded is one concept with one implementation, shared/url-encoded.ts (formEncode):
 * shared/oauth1/ keeps what is RFC 5849's own and encodes a form (a problem report's body, a signed request's query or
 * body) through it, not with a join of percent-encoded pairs of its own; so do the rest of shared/
 * (the explainer's form from a HAR's params) and the renderer (the OAuth 1 page's extra parameters, the signer's form).
 */
const OAUTH1 = 'shared/oauth1';
/** The one implementation, which the check leaves out. */
const FORM_ENCODE = join('shared', 'url-encoded.ts');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []
  );
/** A template that percent-encodes a name and a value around `=`: a form's pair, encoded by hand. */
const PAIR_ENCODED_BY_HAND = /(percentEncode|encodeURIComponent)\([^)]*\)\}=\$\{(percentEncode|encodeURIComponent)\(/;
const byHand = (dir: string) =>
  sources(dir).filter((file) => file !== FORM_ENCODE && PAIR_ENCODED_BY_HAND.test(readFileSync(file, 'utf8')));

it('no file under shared/oauth1/ encodes name=value pairs itself', () => {
  expect(sources(OAUTH1).length).toBeGreaterThan(10);
  expect(byHand(OAUTH1)).toEqual([]);
});

it.each(['shared', 'renderer'])('no file under %s/ but url-encoded.ts encodes name=value pairs itself', (dir) => {
  expect(sources(dir).length).toBeGreaterThan(50);
  expect(byHand(dir)).toEqual([]);
});
