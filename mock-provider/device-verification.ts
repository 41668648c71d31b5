import { escapeHtml } from '../shared/html';
import { ok, refused, type Handled, type ProviderContext } from './context';
import { decodeParams, type ProviderRequest, type Reply } from './http';
import { checkUser, errorPage, htmlPage, LOGIN_PAGE_TTL_MS, loginHint } from './login-page';
import { readLoginSubmission } from './login-form';
import { OIDC_PATHS } from './oidc-discovery';
import type { DeviceAuthorization } from './state';

/**
 * The verification page of the device flow (RFC 8628 §3.3 (https://www.rfc-editor.org/rfc/rfc8628#section-3.3)), mock-only: the user types the user code shown
 * on the device, logs in and approves or denies. Opened with ?user_code= (verification_uri_complete, §3.3.1) the
 * code is filled in, and with --auto-login that GET approves at once as the auto-login user.
 */
const endpoint = 'oauth2.device_verification';

/** RFC 8628 §6.1: codes are compared case-insensitively, without the dash or spaces a user may type. */
function normalized(typed: string): string {
  const letters = typed.toUpperCase().replace(/[^A-Z]/g, '');
  return letters.length === 8 ? `${letters.slice(0, 4)}-${letters.slice(4)}` : letters;
}

/** The code as the device shows it: large, monospaced, upper case (RFC 8628 §6.1: easy to read and type). */
const CODE_STYLE = 'font:600 20px/1.3 ui-monospace,monospace;letter-spacing:.12em;text-transform:uppercase';

interface FormInput {
  readonly userCode: string;
  readonly error?: string;
  readonly username?: string;
}

function form(ctx: ProviderContext, status: number, input: FormInput): Reply {
  const csrf = ctx.state.newSecret(16);
  ctx.state.addPendingLogin(csrf, { kind: 'device', expiresAt: ctx.clock.now() + LOGIN_PAGE_TTL_MS });
  const hint = loginHint(ctx);
  const body = `<p>A device asks to act on your behalf (OAuth 2 device authorization). Enter the code it shows.</p>${hint ? `<p class="hint">${escapeHtml(hint)}</p>` : ''}${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${escapeHtml(OIDC_PATHS.deviceVerification)}">
<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
<label>Code from the device <input type="text" name="user_code" autocomplete="off" autocapitalize="characters" spellcheck="false" style="${CODE_STYLE}" value="${escapeHtml(input.userCode)}"></label>
<label>Username <input type="text" name="username" autocomplete="username" value="${escapeHtml(input.username ?? '')}"></label>
<label>Password <input type="password" name="password" autocomplete="current-password"></label>
<button type="submit" name="decision" value="approve">Log in and approve</button><button type="submit" name="decision" value="deny">Deny</button>
</form>`;
  return htmlPage(status, 'Connect a device', body);
}

const shown = (reply: Reply, message: string, verdictOk = true): Handled => ({
  endpoint,
  reply,
  verdict: verdictOk ? ok(message) : refused('invalid_request', message),
});

/** The device authorization a typed code names and may still be answered, or why not. */
function pendingDevice(ctx: ProviderContext, typed: string): DeviceAuthorization | string {
  const device = ctx.state.deviceByUserCode(normalized(typed));
  if (!device) return `No device is waiting for code ${JSON.stringify(typed)}; check the code the device shows.`;
  if (ctx.state.isExpired(device)) return `Code ${device.userCode} expired; start again on the device.`;
  if (device.status !== 'pending') return `Code ${device.userCode} was already answered.`;
  return device;
}

function answered(device: DeviceAuthorization, username: string | null): Handled {
  const title = username ? 'Device connected' : 'Device not connected';
  const text = username
    ? `You approved the device of client ${device.clientId} (scope ${device.scope || 'none'}); return to the device.`
    : `You denied the device of client ${device.clientId}; it will be told so.`;
  return {
    endpoint,
    reply: htmlPage(200, title, `<p>${escapeHtml(text)}</p>`),
    verdict: ok(
      username
        ? `User ${username} approved device code ${device.userCode} of client ${device.clientId}.`
        : `The user denied device code ${device.userCode} of client ${device.clientId}.`
    ),
  };
}

export function deviceVerification(req: ProviderRequest, ctx: ProviderContext): Handled {
  if (req.method === 'POST') return submit(req, ctx);
  if (req.method !== 'GET') {
    const message = `${req.method} is not accepted here; the user's browser opens this page with GET.`;
    return shown(errorPage(405, 'Method not allowed', message, [['Allow', 'GET, POST']]), message, false);
  }
  const q = decodeParams(req.query ?? '', true, 'query');
  if (!q.ok) return shown(errorPage(400, 'Bad verification request', q.message), q.message, false);
  const typed = q.params.find(([n]) => n === 'user_code')?.[1] ?? '';
  if (typed && ctx.autoLoginUser) {
    const device = pendingDevice(ctx, typed);
    if (typeof device === 'string') return shown(form(ctx, 400, { userCode: typed, error: device }), device, false);
    device.status = 'approved';
    device.username = ctx.autoLoginUser;
    return answered(device, ctx.autoLoginUser);
  }
  return shown(form(ctx, 200, { userCode: typed }), 'Device verification page shown.');
}

function submit(req: ProviderRequest, ctx: ProviderContext): Handled {
  const s = readLoginSubmission(req, ctx, 'device');
  if (!s.ok) return shown(errorPage(s.status, 'Bad verification request', s.message), s.message, false);
  const device = pendingDevice(ctx, s.userCode);
  if (typeof device === 'string')
    return shown(form(ctx, 400, { userCode: s.userCode, error: device, username: s.username }), device, false);
  if (s.decision === 'deny') {
    device.status = 'denied';
    return answered(device, null);
  }
  if (!checkUser(ctx, s.username, s.password)) {
    const message = 'Unknown username or wrong password.';
    return {
      endpoint,
      reply: form(ctx, 401, { userCode: s.userCode, error: message, username: s.username }),
      verdict: refused('login_failed', message),
    };
  }
  device.status = 'approved';
  device.username = s.username;
  return answered(device, s.username);
}
