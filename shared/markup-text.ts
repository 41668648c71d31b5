const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML or XML character data or attribute value: every character markup could read is escaped. */
export const markupText = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
