import { diffChars } from 'diff';

/** A run of the two strings: the same text on both sides, or text that differs (either side may be empty). */
export interface DiffSegment {
  readonly same: boolean;
  readonly top: string;
  readonly bottom: string;
}

/** Beyond this many edits the strings are unrelated; one changed segment between common ends says as much. */
const MAX_EDITS = 1000;

/**
 * A character diff of two base strings (jsdiff's Myers O(ND) shortest edit script), as alternating same / changed
 * segments. Base strings are ASCII after encoding, so code units are characters. A shortest edit script marks exactly
 * the inserted %25 of a double encoding or the one missing slash, not a whole tail after the first difference.
 */
export function diffStrings(a: string, b: string): DiffSegment[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const midA = a.slice(start, a.length - end);
  const midB = b.slice(start, b.length - end);
  const changes = diffChars(midA, midB, { maxEditLength: MAX_EDITS });
  const ops: DiffSegment[] = changes
    ? changes.map((c) =>
        c.added
          ? { same: false, top: '', bottom: c.value }
          : c.removed
            ? { same: false, top: c.value, bottom: '' }
            : { same: true, top: c.value, bottom: c.value }
      )
    : [{ same: false, top: midA, bottom: midB }];
  const segments: DiffSegment[] = [];
  const push = (s: DiffSegment) => {
    if (s.top === '' && s.bottom === '') return;
    const last = segments[segments.length - 1];
    if (last && last.same === s.same)
      segments[segments.length - 1] = { same: s.same, top: last.top + s.top, bottom: last.bottom + s.bottom };
    else segments.push(s);
  };
  push({ same: true, top: a.slice(0, start), bottom: a.slice(0, start) });
  for (const op of ops) push(op);
  push({ same: true, top: a.slice(a.length - end), bottom: a.slice(a.length - end) });
  return segments;
}

/** Both strings padded so their differing runs line up, with a line of ^ under every differing column. */
export interface AlignedDiff {
  readonly top: string;
  readonly bottom: string;
  readonly marks: string;
}

export function alignDiff(segments: readonly DiffSegment[], gap = ' '): AlignedDiff {
  let top = '';
  let bottom = '';
  let marks = '';
  for (const s of segments) {
    const width = Math.max(s.top.length, s.bottom.length);
    top += s.top.padEnd(width, gap);
    bottom += s.bottom.padEnd(width, gap);
    marks += (s.same ? ' ' : '^').repeat(width);
  }
  return { top, bottom, marks: marks.trimEnd() };
}

/** The index in the top string where the two first differ, or null when they are equal. */
export function firstDifference(segments: readonly DiffSegment[]): number | null {
  let at = 0;
  for (const s of segments) {
    if (!s.same) return at;
    at += s.top.length;
  }
  return null;
}
