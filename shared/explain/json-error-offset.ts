/**
 * Where a text stops being JSON (RFC 8259): the offset of the first character that cannot continue it, or the
 * text's length when it ends too early (a truncated file). JSON.parse's messages do not always give a position,
 * so the explainer finds it itself. Iterative, so deep nesting cannot overflow the stack; called only on failure.
 */
const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9A-Fa-f]{4})/y;

/** The offset after a string's closing quote, or -1 - the offset of what is wrong in it. */
function stringEnd(t: string, start: number): number {
  let i = start + 1;
  while (i < t.length) {
    const c = t.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return -1 - i;
    if (c === 0x5c) {
      ESCAPE.lastIndex = i;
      if (!ESCAPE.test(t)) return -1 - i;
      i = ESCAPE.lastIndex;
    } else i++;
  }
  return -1 - t.length;
}

type Expecting = 'value' | 'firstValue' | 'key' | 'firstKey' | 'colon' | 'after';

export function jsonErrorOffset(t: string): number {
  const stack: string[] = [];
  let expecting: Expecting = 'value';
  let i = 0;
  for (;;) {
    while (i < t.length && ' \t\n\r'.includes(t[i]!)) i++;
    if (i >= t.length) return t.length;
    const c = t[i]!;
    const top = stack[stack.length - 1];
    if (expecting === 'after') {
      if (top === undefined) return i;
      if (c === ',') expecting = top === '{' ? 'key' : 'value';
      else if (c === (top === '{' ? '}' : ']')) stack.pop();
      else return i;
      i++;
    } else if (expecting === 'colon') {
      if (c !== ':') return i;
      expecting = 'value';
      i++;
    } else if (expecting === 'key' || expecting === 'firstKey') {
      if (expecting === 'firstKey' && c === '}') {
        stack.pop();
        expecting = 'after';
        i++;
        continue;
      }
      if (c !== '"') return i;
      const end = stringEnd(t, i);
      if (end < 0) return -1 - end;
      [i, expecting] = [end, 'colon'];
    } else if (expecting === 'firstValue' && c === ']') {
      stack.pop();
      expecting = 'after';
      i++;
    } else if (c === '{' || c === '[') {
      stack.push(c);
      expecting = c === '{' ? 'firstKey' : 'firstValue';
      i++;
    } else if (c === '"') {
      const end = stringEnd(t, i);
      if (end < 0) return -1 - end;
      [i, expecting] = [end, 'after'];
    } else {
      LITERAL.lastIndex = i;
      if (!LITERAL.test(t)) return i;
      [i, expecting] = [LITERAL.lastIndex, 'after'];
    }
  }
}
