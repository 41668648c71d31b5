/**
 * Text from a server, made safe to write to a terminal: every control character is shown escaped instead of acting
 * on the terminal. That covers C0 controls (ESC sequences that set the title or clear the screen, BEL, a CR that
 * overwrites the line, line breaks that fake new output), DEL, C1 controls (U+0080–U+009F, among them the 8-bit CSI
 * U+009B), and the bidirectional formatting characters that reorder what is shown (Trojan Source, CVE-2021-42574).
 * The result is one line.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
/** The same, but a line break: what no write may carry, whatever a command put together. */
const UNSAFE_IN_OUTPUT =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

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
 * The last line of defence, applied to every write of every command (main.ts wraps stdout and stderr): any control
 * character still in the text becomes a \u escape, and only line breaks pass. In JSON a control character can only
 * be inside a string, where \u001b is the JSON escape any reader decodes to the same value; in text it is shown,
 * not obeyed. Values a command interpolates into a line still go through terminalSafe, so a line break from a
 * server cannot fake a line of output.
 */
export function terminalSafeOutput(text: string): string {
  return text.replace(UNSAFE_IN_OUTPUT, unicodeEscape);
}
