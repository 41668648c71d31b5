/** A run of the two strings: the same text on both sides, or text that differs (either side may be empty). */
export interface DiffSegment {
  readonly same: boolean;
  readonly top: string;
  readonly bottom: string;
}

/** Beyond this many edits the strings are unrelated; one changed segment between common ends says as much. */
const MAX_EDITS = 1000;

/**
 * A character diff of two base strings (Myers' O(ND) algorithm), as alternating same / changed segments. Base
 * strings are ASCII after encoding, so code units are characters. A shortest edit script marks exactly the
 * inserted %25 of a double encoding or the one missing slash, not a whole tail after the first difference.
 */
export function diffStrings(a: string, b: string): DiffSegment[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const midA = a.slice(start, a.length - end);
  const midB = b.slice(start, b.length - end);
  const ops = editScript(midA, midB) ?? [{ same: false, top: midA, bottom: midB }];
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

function editScript(a: string, b: string): DiffSegment[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const history: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    history.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, [...history, next], offset, d);
    }
    v = next;
  }
  return null;
}

/** Walks the saved frontiers back from the end, turning each step into a deletion, an insertion or a match. */
function backtrack(a: string, b: string, history: Int32Array[], offset: number, depth: number): DiffSegment[] {
  const out: DiffSegment[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d > 0; d--) {
    const v = history[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    if (x > (down ? prevX : prevX + 1)) {
      const from = down ? prevX : prevX + 1;
      out.push({ same: true, top: a.slice(from, x), bottom: a.slice(from, x) });
    }
    out.push(down ? { same: false, top: '', bottom: b[prevY]! } : { same: false, top: a[prevX]!, bottom: '' });
    x = prevX;
    y = prevY;
  }
  if (x > 0) out.push({ same: true, top: a.slice(0, x), bottom: a.slice(0, x) });
  return out.reverse();
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
