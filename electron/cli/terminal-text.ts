/**
 * Text from a server, made safe for a terminal: C0 and C1 control characters (escape sequences could move the
 * cursor, rewrite lines or set the window title) become visible \u escapes. Newlines are kept only when asked.
 */
export function terminalSafe(text: string, keepNewlines = false): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => (keepNewlines && c === '\n' ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
