import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitUrlEncoded } from '../../../shared/url-encoded';

describe('splitUrlEncoded (application/x-www-form-urlencoded, RFC 5849 §3.4.1.3.1)', () => {
  it('splits at & and at the first = of each segment, keeping everything as written', () => {
    expect(splitUrlEncoded('a=1&b&c=&d=x=y&e+f=%2B')).toEqual([
      { rawName: 'a', rawValue: '1', hasValue: true, segment: 'a=1', start: 0 },
      { rawName: 'b', rawValue: '', hasValue: false, segment: 'b', start: 4 },
      { rawName: 'c', rawValue: '', hasValue: true, segment: 'c=', start: 6 },
      { rawName: 'd', rawValue: 'x=y', hasValue: true, segment: 'd=x=y', start: 9 },
      { rawName: 'e+f', rawValue: '%2B', hasValue: true, segment: 'e+f=%2B', start: 15 },
    ]);
  });

  it('skips empty segments, counting them in the positions', () => {
    expect(splitUrlEncoded('')).toEqual([]);
    expect(splitUrlEncoded('&&')).toEqual([]);
    expect(splitUrlEncoded('&a=1&&b=2&').map((p) => [p.segment, p.start])).toEqual([
      ['a=1', 1],
      ['b=2', 6],
    ]);
  });

  it('agrees with URLSearchParams on names and values once decoded, and each segment stands at its start', () => {
    const text = fc
      .array(
        fc.oneof(
          fc.constantFrom('&', '=', '+', '%20', '%3D', '%26'),
          fc.string({ maxLength: 3 }).filter((s) => !s.includes('%'))
        ),
        { maxLength: 12 }
      )
      .map((a) => a.join(''));
    fc.assert(
      fc.property(text, (t) => {
        const pairs = splitUrlEncoded(t);
        for (const p of pairs) expect(t.slice(p.start, p.start + p.segment.length)).toBe(p.segment);
        const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
        // URLSearchParams drops one leading "?" of a string; the one added here is what it drops.
        expect(pairs.map((p) => [decode(p.rawName), decode(p.rawValue)])).toEqual([...new URLSearchParams(`?${t}`)]);
      })
    );
  });
});
