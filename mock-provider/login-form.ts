import type { ProviderContext } from './context';
import { decodeFormBody, mediaType, type ProviderRequest } from './http';
import type { PendingLogin } from './state';

/** The answer to a login page (POST): its anti-CSRF token, the decision and the credentials. */
export type LoginSubmission =
  | {
      readonly ok: true;
      readonly pending: PendingLogin;
      readonly decision: 'approve' | 'deny';
      readonly username: string;
      readonly password: string;
      /** The user code typed on the device verification page (RFC 8628 §3.3). */
      readonly userCode: string;
    }
  | { readonly ok: false; readonly status: 400 | 403; readonly message: string };

export function readLoginSubmission(
  req: ProviderRequest,
  ctx: ProviderContext,
  kind: PendingLogin['kind']
): LoginSubmission {
  if (mediaType(req) !== 'application/x-www-form-urlencoded')
    return { ok: false, status: 400, message: 'The login form must be posted as application/x-www-form-urlencoded.' };
  const form = decodeFormBody(req);
  if (!form.ok) return { ok: false, status: 400, message: form.message };
  const field = (name: string) => form.params.find(([n]) => n === name)?.[1];
  const csrf = field('csrf');
  // RFC 5849 §4.13 (https://www.rfc-editor.org/rfc/rfc5849#section-4.13), RFC 6749 §10.12 (https://www.rfc-editor.org/rfc/rfc6749#section-10.12): the answer must come from the page this provider rendered.
  const pending = csrf ? ctx.state.takePendingLogin(csrf) : undefined;
  if (!pending || pending.kind !== kind)
    return {
      ok: false,
      status: 403,
      message:
        'This form submission has no valid anti-CSRF token (it is missing, already used, expired, or from another page). Reload the authorization page and try again.',
    };
  const decision = field('decision');
  if (decision !== 'approve' && decision !== 'deny')
    return { ok: false, status: 400, message: 'The form must say decision=approve or decision=deny.' };
  return {
    ok: true,
    pending,
    decision,
    username: field('username') ?? '',
    password: field('password') ?? '',
    userCode: field('user_code') ?? '',
  };
}
