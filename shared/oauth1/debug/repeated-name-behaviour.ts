import { isOauth, nonAscii, type Part, type Seen } from './behaviour-part';
import type { SignedPair } from './pipeline';

/** Keeps one value of each repeated name: `pick` chooses among the pairs of one name (`key`), in collection order. */
function oneValueEach(
  pick: (all: readonly SignedPair[]) => SignedPair,
  key: (p: SignedPair) => string = (p) => p.name
) {
  return (pairs: readonly SignedPair[]) => {
    const byName = new Map<string, SignedPair[]>();
    for (const p of pairs) {
      if (isOauth(p)) continue;
      const same = byName.get(key(p));
      if (same) same.push(p);
      else byName.set(key(p), [p]);
    }
    const kept = new Set([...byName.values()].map(pick));
    return pairs.filter((p) => isOauth(p) || kept.has(p));
  };
}

/** D7: of a repeated name, only one value signed (which one differs by library). */
export function oneValueOfRepeated({ params }: Seen): Part[] {
  const counts = new Map<string, number>();
  for (const p of params) if (!isOauth(p)) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n > 1).map(([name]) => name);
  if (!repeated.length) return [];
  const lastOf = (ps: readonly SignedPair[]) => ps[ps.length - 1];
  // PECL oauth: the form's values in a PHP array, then the query's over them (the last of each wins).
  const last = oneValueEach((all) => lastOf(all.filter((q) => q.source === 'query')) ?? lastOf(all)!);
  // Net::OAuth: the form's values in a hash (the last wins), then the query's (its first), over them. A non-ASCII
  // query name stays undecoded bytes there (D5), so it never meets the same name from the form.
  const netOauth = oneValueEach(
    (all) => all.find((q) => q.source === 'query') ?? all[all.length - 1]!,
    (p) => (nonAscii.test(p.name) ? `${p.source}\n${p.name}` : p.name)
  );
  const detail = (which: string) =>
    `${repeated.join(', ')} ${repeated.length > 1 ? 'are' : 'is'} repeated; only ${which} value was signed.`;
  return [
    {
      id: 'D7',
      cause: 'param-missing',
      libraries: ['peclOauth'],
      detail: detail("the last (of the query's when the query has it)"),
      variant: { params: last },
    },
    {
      id: 'D7',
      cause: 'param-missing',
      libraries: ['netOauth'],
      detail: detail('one (the first of a query name, the last of a form name)'),
      variant: { params: netOauth },
    },
  ];
}
