/**
 * HTML-escapes text for the pages the app serves itself (the mock's login and error pages, the catcher's result
 * page), so nothing received can become markup (RFC 6749 §10.14 (https://www.rfc-editor.org/rfc/rfc6749#section-10.14)). The backtick too: old browsers took it as a quote.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}
