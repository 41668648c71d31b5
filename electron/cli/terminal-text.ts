/**
 * Text from a server, made safe to write to a terminal: every control character is shown escaped instead of acting
 * on the terminal. That covers C0 controls (ESC sequences that set the title or clear the screen, BEL, a CR that
 * overwrites the line, line breaks that fake new output), DEL, C1 controls (U+0080–U+009F, among them the 8-bit CSI
 * U+009B), and the bidirectional formatting characters that reorder what is shown (Trojan Source, CVE-2021-42574).
 * The result is one line.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

export function terminalSafe(text: string): string {
  return text.replace(
    UNSAFE,
    (c) =>
      NAMED[c] ??
      (c.charCodeAt(0) <= 0xff
        ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`
        : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  );
}

/** Several lines of server text (a raw response): each line made safe, the line structure kept. */
export function terminalSafeLines(text: string): string {
  return text.split(/\r?\n/).map(terminalSafe).join('\n');
}

/**
 * JSON for a terminal: JSON.stringify already escapes C0 controls; DEL, C1 and the bidirectional characters are
 * written as \u escapes too, which any JSON reader decodes to the same value.
 */
export function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  );
}
