import type { RawRequest } from '../../shared/http';
import { oauthParam } from './request-params';

/**
 * A snapshot of an OAuth 1.0a request carries a fixed oauth_nonce and oauth_timestamp: the server accepts the nonce
 * once (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3)) and the timestamp only inside its window, so the snapshot works once, for a few minutes.
 * Users who run it twice get 401 and blame the code; the first lines of every snapshot say so.
 */
export function singleUseNote(request: RawRequest): string[] | null {
  const nonce = oauthParam(request, 'oauth_nonce');
  const timestamp = oauthParam(request, 'oauth_timestamp');
  if (nonce === undefined && timestamp === undefined) return null;
  const seconds = Number(timestamp);
  const when =
    timestamp !== undefined && /^[0-9]{1,12}$/.test(timestamp) ? ` (${new Date(seconds * 1000).toISOString()})` : '';
  return [
    `Single use: this OAuth 1.0a request is signed with oauth_nonce ${JSON.stringify(nonce ?? '')} and oauth_timestamp ${timestamp ?? '(none)'}${when}.`,
    'A server accepts a nonce once and a timestamp only within its window (minutes; the OAuth Lab mock: 600 s), so it',
    'runs once, soon. To call again, sign again: export signing code (Python, Node or Java) that signs on every run.',
  ];
}

/** Line comments in the snapshot's language; raw HTTP has none (the note goes in the export's notes). */
const LINE_COMMENT: Record<string, string | null> = {
  shell: '#',
  python: '#',
  ruby: '#',
  powershell: '#',
  http: null,
  javascript: '//',
  go: '//',
  java: '//',
  php: '//',
  csharp: '//',
};

/** The code with the note on top, in the language's comment syntax. PHP's must follow the `<?php` opening tag. */
export function withLeadingComment(code: string, language: string, lines: readonly string[]): string {
  const marker = LINE_COMMENT[language];
  if (!marker || lines.length === 0) return code;
  const comment = lines.map((l) => `${marker} ${l}`).join('\n');
  if (language === 'php' && code.startsWith('<?php')) return code.replace(/^<\?php\n?/, `<?php\n${comment}\n`);
  return `${comment}\n${code}`;
}
