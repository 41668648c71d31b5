/**
 * Server-controlled text on its way to the terminal: every control character except newline and tab is shown
 * escaped (\x1b, \u009b, …), so a response cannot move the cursor, change colours or rewrite what was printed.
 * The one place `oauth-lab call` writes a server's text through.
 */
export function serverText(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
