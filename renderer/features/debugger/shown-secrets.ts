import type { SignatureTrace, TraceParam } from '../../../shared/oauth1';
import type { Comparison } from '../../../shared/oauth1/debug';
import { MASK_CHAR, maskSpans } from '../../components/masked-edit';
import { secretSpans, type Span } from '../../components/secret-spans';

/**
 * The debugger's results with the request's secrets drawn as dots until "Reveal the secrets", as the pasted field
 * draws them (by the one list, shared/secrets.ts, through secret-spans.ts): a secret field's value, a cookie's, a
 * credential's. One dot a character, so every position, and with it the base-string diff, stays where it was.
 */
export const hideSecrets = (text: string): string => maskSpans(text, secretSpans(text));

/**
 * A base string read with its outer encoding undone (RFC 5849 §3.4.1.1: `%3D` is `=`, `%26` is `&`), and where
 * each character of the reading starts in the base string. Only ASCII escapes are read; the rest is kept as it is.
 */
function decodedOnce(text: string): { text: string; at: number[] } {
  let out = '';
  const at: number[] = [];
  for (let i = 0; i < text.length;) {
    at.push(i);
    const escape = /^%[0-7][0-9A-F]/i.exec(text.slice(i, i + 3));
    out += escape ? String.fromCharCode(parseInt(escape[0].slice(1), 16)) : text[i]!;
    i += escape ? 3 : 1;
  }
  at.push(text.length);
  return { text: out, at };
}

/** The secrets of a base string (or any text of the trace): those of its once-decoded reading, in its own positions. */
function baseStringSpans(text: string): Span[] {
  const reading = decodedOnce(text);
  return secretSpans(reading.text).map((s) => ({ start: reading.at[s.start]!, end: reading.at[s.end]! }));
}

export const hideInBaseString = (text: string): string => maskSpans(text, baseStringSpans(text));

/**
 * Two base strings compared, each with its secrets as dots, and the diff's segments cut from them at the same
 * places: a difference stays in its columns and keeps its meaning. A character both strings share is a dot on both
 * lines when it is one on either, so a secret the two share is masked alike.
 */
export function hiddenComparison(c: Comparison): Comparison {
  const top = hideInBaseString(c.top.text);
  const bottom = hideInBaseString(c.bottom.text);
  let t = 0;
  let b = 0;
  const segments = c.segments.map((s) => {
    const shownTop = top.slice(t, (t += s.top.length));
    const shownBottom = bottom.slice(b, (b += s.bottom.length));
    if (!s.same) return { ...s, top: shownTop, bottom: shownBottom };
    const both = [...shownTop].map((ch, i) => (shownBottom[i] === MASK_CHAR ? MASK_CHAR : ch)).join('');
    return { ...s, top: both, bottom: both };
  });
  return { ...c, top: { ...c.top, text: top }, bottom: { ...c.bottom, text: bottom }, segments };
}

/** A parameter of the trace with its value as dots when the one list names it secret (or its value has a secret's shape). */
function hiddenParam(p: TraceParam): TraceParam {
  const pair = `${p.encodedName}=${p.encodedValue}`;
  const encodedValue = hideSecrets(pair).slice(p.encodedName.length + 1);
  if (encodedValue === p.encodedValue) return p;
  return { ...p, value: MASK_CHAR.repeat(p.value.length), encodedValue };
}

/**
 * The trace with its parameter tables' secrets as dots (its texts and base string are hidden where TraceView draws
 * them, so that Copy copies them whole).
 */
export function hiddenTraceParams(trace: SignatureTrace): SignatureTrace {
  return {
    ...trace,
    steps: trace.steps.map((s) => (s.kind === 'params' ? { ...s, params: s.params.map(hiddenParam) } : s)),
  };
}
