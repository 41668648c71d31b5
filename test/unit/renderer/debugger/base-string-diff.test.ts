import { describe, expect, it } from 'vitest';
import { diffStrings } from '../../../../shared/oauth1/debug';
import { alignCells, shortLabel } from '../../../../renderer/features/debugger/BaseStringDiff';

const line = (cells: { ch: string; kind: string }[]) =>
  cells.map((c) => (c.kind === 'gap' ? '_' : c.kind === 'diff' ? `[${c.ch}]` : c.ch)).join('');

describe('alignCells', () => {
  it('keeps each character above its counterpart: a run missing on one side is a gap there', () => {
    const { top, bottom } = alignCells(diffStrings('a%3Db', 'a%253Db'));
    expect(top.length).toBe(bottom.length);
    expect(line(top)).toBe('a%__3Db');
    expect(line(bottom)).toBe('a%[2][5]3Db');
  });

  it('marks a changed run on both lines, padding the shorter one', () => {
    const { top, bottom } = alignCells(diffStrings('x=post', 'x=POSTED'));
    expect(top.length).toBe(bottom.length);
    expect(top.filter((c) => c.kind === 'gap').length).toBe(2);
    expect(bottom.every((c) => c.kind !== 'gap')).toBe(true);
  });
});

describe('shortLabel', () => {
  it.each([
    ["your client's (reproduced)", 'client'],
    ["signed by your client (the RFC's)", 'client'],
    ["server's", 'server'],
    ["server's, signed by your client", 'server'],
    ['OAuth Lab (RFC 5849)', 'RFC'],
  ])('%s → %s', (label, short) => expect(shortLabel(label)).toBe(short));
});
