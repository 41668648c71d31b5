import { constantTimeEqual } from '../shared/oauth1';
import { escapeHtml } from '../shared/html';
import { DEFAULT_CREDENTIALS } from './default-credentials';
import type { ProviderContext } from './context';
import { reply, type Reply } from './http';

/*
 * The user-facing pages: login with approve / deny, the out-of-band verifier, and error pages. Every value is
 * HTML-escaped, nothing is loaded from elsewhere, and framing is refused (RFC 5849 §4.14 (https://www.rfc-editor.org/rfc/rfc5849#section-4.14), RFC 9700 §4.16 (https://www.rfc-editor.org/rfc/rfc9700#section-4.16)).
 */

const CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";
const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#222}dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem 1rem}dt{color:#666}dd{margin:0;word-break:break-all}label{display:block;margin:.6rem 0}input[type=text],input[type=password]{width:100%;padding:.4rem;box-sizing:border-box}button{margin:.8rem .6rem 0 0;padding:.5rem 1.2rem}.error{color:#a00}.mock{color:#666;font-size:13px}.hint{background:#eef3ff;border-left:3px solid #2f5bd3;padding:.4rem .7rem}code{font-size:18px;background:#eee;padding:.2rem .4rem}' +
  // The browser's own dark scheme: the page follows it, as the app does.
  ':root{color-scheme:light dark}@media (prefers-color-scheme:dark){body{color:#ddd;background:#16181d}dt,.mock{color:#999}.error{color:#f77}.hint{background:#1e2a44}code{background:#2a2d35}}';

export function htmlPage(status: number, title: string, bodyHtml: string, headers: [string, string][] = []): Reply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1>${bodyHtml}<p class="mock">OAuth Lab mock provider. This page is the mock's own; the service's login page is not shown in its interface.</p></body></html>`;
  return reply(status, 'text/html; charset=utf-8', html, [
    ['Content-Security-Policy', CSP],
    ['X-Frame-Options', 'DENY'],
    ...headers,
  ]);
}

export function errorPage(status: number, title: string, message: string, headers: [string, string][] = []): Reply {
  return htmlPage(
    status,
    title,
    `<p class="error">${escapeHtml(message)}</p><p>The application that sent you here made a mistake; no redirect was made.</p>`,
    headers
  );
}

export interface LoginFormInput {
  readonly action: string;
  readonly csrf: string;
  readonly heading: string;
  readonly details: readonly (readonly [string, string])[];
  readonly error?: string;
  readonly username?: string;
  /** Which user to log in as, when the mock has its built-in one (see loginHint). */
  readonly hint?: string | null;
}

/** "Log in as demo / demo" while the built-in user is configured; nothing for a configuration of one's own. */
export function loginHint(ctx: ProviderContext): string | null {
  const { username, password } = DEFAULT_CREDENTIALS.user;
  return ctx.config.users.some((u) => u.username === username && u.password === password)
    ? `This is the mock's login page: log in as ${username} / ${password}.`
    : null;
}

export function loginPage(status: number, input: LoginFormInput): Reply {
  const details = input.details.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('');
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const hint = input.hint ? `<p class="hint">${escapeHtml(input.hint)}</p>` : '';
  const body = `<p>${escapeHtml(input.heading)}</p><dl>${details}</dl>${hint}${error}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
<label>Username <input type="text" name="username" autocomplete="username" value="${escapeHtml(input.username ?? '')}"></label>
<label>Password <input type="password" name="password" autocomplete="current-password"></label>
<button type="submit" name="decision" value="approve">Log in and approve</button><button type="submit" name="decision" value="deny">Deny</button>
</form>`;
  return htmlPage(status, 'Authorize access', body);
}

export function verifierPage(verifier: string, token: string): Reply {
  return htmlPage(
    200,
    'Access approved',
    `<p>The application asked for an out-of-band verifier (oauth_callback=oob, RFC 5849 §2.2). Type this code into it:</p><p><code id="oauth_verifier">${escapeHtml(verifier)}</code></p><dl><dt>oauth_token</dt><dd>${escapeHtml(token)}</dd></dl>`
  );
}

/** Checks a user's password in constant time; the same work is done for unknown users. */
export function checkUser(ctx: ProviderContext, username: string, password: string): boolean {
  const user = ctx.config.users.find((u) => u.username === username);
  const match = constantTimeEqual(user?.password ?? '\u0000no-such-user', password);
  return !!user && match;
}

/** Ten minutes to answer a login page; the request token or code lifetime still applies on top. */
export const LOGIN_PAGE_TTL_MS = 10 * 60 * 1000;
