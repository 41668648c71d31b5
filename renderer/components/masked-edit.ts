import type { Span } from './secret-spans';

/** What stands for one character of a secret: one for one, so a position in the shown text is one in the value. */
export const MASK_CHAR = '•';

/** The text with each character of its spans drawn as MASK_CHAR (line breaks kept, so the layout stays). */
export function maskSpans(text: string, spans: readonly Span[]): string {
  let out = '';
  let at = 0;
  for (const { start, end } of spans) {
    out += text.slice(at, start) + text.slice(start, end).replace(/[^\r\n]/g, MASK_CHAR);
    at = end;
  }
  return out + text.slice(at);
}

/**
 * The value after an edit made on its masked text: the characters the user typed or pasted (between the unchanged
 * start and the caret) replace what stood there in the value; the rest of the value is kept as it was, secrets
 * included. `caret` is where the edit ended (the control's selectionEnd), which tells a deletion inside a run of
 * mask characters from one beside it.
 */
export function editThroughMask(value: string, shownBefore: string, shownAfter: string, caret: number): string {
  const before = shownBefore.length;
  const after = shownAfter.length;
  const end = Math.min(Math.max(caret, 0), after);
  // The unchanged tail: what follows the caret, as far as it matches the text before the edit.
  let tail = 0;
  while (tail < Math.min(after - end, before) && shownBefore[before - 1 - tail] === shownAfter[after - 1 - tail])
    tail++;
  let head = 0;
  while (head < Math.min(before - tail, end) && shownBefore[head] === shownAfter[head]) head++;
  return value.slice(0, head) + shownAfter.slice(head, after - tail) + value.slice(before - tail);
}
