import { attribute, type LibraryAttribution } from './attribution';
import type { BaseStringBuilder } from './base-string-builder';
import { combine, type Candidate } from './candidate';
import { libraryFinding, type Finding } from './causes';
import { libraryCandidates } from './library-behaviours';
import { mentionsOf } from './library-catalogue';
import type { Keys, SignedPair } from './pipeline';
import type { ReceivedRequest } from './received';

const isOauth = (p: { name: string }) => p.name.startsWith('oauth_');
/**
 * PHP's request variables: a . or space in a name becomes _ (sp ace and a.b arrive as sp_ace and a_b), and a name
 * with [...] becomes an array under the part before the [ (x[y] arrives as x).
 */
const mangle = (name: string) => {
  const open = name.indexOf('[');
  const base = open > 0 && name.indexOf(']', open) > open ? name.slice(0, open) : name;
  return base.replace(/[. []/g, '_');
};

/**
 * The parameters as PECL's OAuthProvider verifies them: the form body through PHP's $_POST (names mangled, the last
 * value of a name kept), then the query over it, both through $_GET (mangled) and as the URL has it (the name as
 * sent), the last value of a name kept. Measured with php -S: `a.b=1` in the query is verified as a.b=1 and a_b=1.
 */
function providerParams(pairs: readonly SignedPair[]): SignedPair[] {
  const kept = new Map<string, SignedPair>();
  for (const p of pairs)
    if (!isOauth(p) && p.source === 'body') kept.set(mangle(p.name), { ...p, name: mangle(p.name) });
  for (const p of pairs) {
    if (isOauth(p) || p.source !== 'query') continue;
    kept.set(mangle(p.name), { ...p, name: mangle(p.name) });
    kept.set(p.name, p);
  }
  return [...pairs.filter(isOauth), ...kept.values()];
}

/** S1 (PECL OAuthProvider), when the request has a name it mangles or a repeated name. */
function providerCandidates(r: ReceivedRequest): Candidate[] {
  const mangled = r.params.filter((p) => !isOauth(p) && mangle(p.name) !== p.name);
  const names = new Map<string, number>();
  for (const p of r.params) if (!isOauth(p)) names.set(mangle(p.name), (names.get(mangle(p.name)) ?? 0) + 1);
  const repeated = [...names].filter(([, n]) => n > 1).map(([n]) => n);
  if (!mangled.length && !repeated.length) return [];
  const parts = [
    mangled.length
      ? `${mangled.map((p) => p.name).join(', ')} verified as ${mangled.map((p) => mangle(p.name)).join(', ')}`
      : '',
    repeated.length ? `one value kept of ${repeated.join(', ')}` : '',
  ].filter(Boolean);
  const finding = libraryFinding(
    'param-encoded-differently',
    'S1',
    `The server's base string has ${parts.join('; ')}.`,
    mentionsOf('S1')
  );
  return [{ mistakes: [finding], variant: { params: providerParams } }];
}

/**
 * When a server's base string is not the RFC's, which known library builds exactly that one: PECL's
 * OAuthProvider (S1), or a client library's behaviour, which servers built on the same library share.
 */
export function serverAttribution(
  r: ReceivedRequest,
  keys: Keys,
  builder: BaseStringBuilder,
  serverBase: string
): LibraryAttribution {
  if (serverBase === builder.rfc) return attribute([]);
  const provider = providerCandidates(r);
  const client = libraryCandidates(r, keys, builder).filter((c) => !c.signer);
  // A server library verifies with its own client code's normalization too (PECL's OAuthProvider sorts as D2).
  const both = provider.flatMap((p) => client.flatMap((c) => combine(p, c) ?? []));
  const candidates = [...provider, ...client, ...both];
  const explaining = candidates.filter((c) => builder.build(c.variant) === serverBase).map((c) => c.mistakes);
  const ids = (m: readonly Finding[]) => new Set(m.map((f) => f.behaviour));
  // The simplest explanations: none that adds a behaviour to another explanation.
  const minimal = explaining.filter(
    (m, i) =>
      !explaining.some(
        (o, k) => k !== i && [...ids(o)].every((id) => ids(m).has(id)) && (ids(o).size < ids(m).size || k < i)
      )
  );
  return attribute(minimal);
}
