/**
 * The URL as the system browser gets it: parsed and serialized again (WHATWG URL), so spaces, quotes and other
 * characters an opener could misread arrive percent-encoded; null for anything but http(s) (the app
 * never hands file:, javascript: or a custom scheme to the system).
 */
export function browserUrl(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
}
