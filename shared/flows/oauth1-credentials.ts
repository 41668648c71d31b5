import { asConsequences, check, note, serviceRequirement, type Check } from '../check';
import { statusCheck } from './common';
import { headerValue, type Exchange } from '../http';
import { FORM_CONTENT_TYPE } from '../url-encoded';
import { PROBLEM_REMEDY } from '../oauth1/problems';
import { oneLine, providerMessage, sentence, type ProviderMessage } from '../provider-message';
import { readBody } from '../response-body';

/** The RFC 5849 (https://www.rfc-editor.org/rfc/rfc5849) fields of a credentials response; anything else is the provider's own (kept and shown). */
const PROTOCOL_FIELDS = new Set(['oauth_token', 'oauth_token_secret', 'oauth_callback_confirmed', 'oauth_expires_in']);

export interface CredentialsResponse {
  readonly fields: ReadonlyMap<string, string>;
  /** The status check first; on a refusal the checks that fail only because of it are consequences. */
  readonly checks: Check[];
  /** 2xx with oauth_token and oauth_token_secret (RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1), §2.3). */
  readonly ok: boolean;
  /** When not ok: one line, the provider's own words when it gave any. */
  readonly failure: string | null;
}

const is2xx = (exchange: Exchange) => exchange.response.status >= 200 && exchange.response.status < 300;

/**
 * Reads a credentials response (RFC 5849 §2.1, §2.3) the way a tolerant client does: a form whatever its
 * Content-Type says (Flickr and X label it text/plain or text/html), JSON when a server sends that; extra fields
 * (X's user_id and screen_name, Flickr's user_nsid, `x_*`) kept and shown as a note.
 */
export function readCredentials(
  exchange: Exchange,
  service: boolean,
  what: 'request token' | 'access token'
): CredentialsResponse {
  const body = readBody(exchange.response);
  const fields = new Map<string, string>(
    Object.entries(body.fields ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])
  );
  const token = fields.get('oauth_token');
  const secret = fields.get('oauth_token_secret');
  const ok = is2xx(exchange) && !!token && secret !== undefined;
  const section = what === 'request token' ? '§2.1' : '§2.3';
  const seedSection = what === 'request token' ? 'interface §2.1' : 'interface §2.2';
  const contentType = headerValue(exchange.response.headers, 'content-type') ?? '';
  const checks: Check[] = [
    ok || body.format === 'form'
      ? serviceRequirement(
          service,
          'content-type',
          body.mediaType === FORM_CONTENT_TYPE,
          `Content-Type is ${FORM_CONTENT_TYPE} (RFC 5849 ${section}).`,
          {
            service: `Content-Type is ${JSON.stringify(contentType)}; RFC 5849 ${section} uses ${FORM_CONTENT_TYPE}.`,
            rfc: `Content-Type is ${JSON.stringify(contentType)}; RFC 5849 ${section} uses ${FORM_CONTENT_TYPE}. Read as ${body.format === 'json' ? 'JSON' : 'a form'}.`,
          }
        )
      : check(
          'content-type',
          false,
          '',
          `The body is ${body.format}, not the form RFC 5849 ${section} specifies (Content-Type ${JSON.stringify(contentType)}).`
        ),
    check(
      'oauth_token',
      !!token,
      `oauth_token received (${seedSection}).`,
      `oauth_token is missing (RFC 5849 ${section}).`
    ),
    check(
      'oauth_token_secret',
      secret !== undefined,
      `oauth_token_secret received (${seedSection}).`,
      `oauth_token_secret is missing (RFC 5849 ${section}).`
    ),
  ];
  const status = statusCheck(exchange);
  if (!ok) {
    const said = providerMessage(exchange.response);
    return {
      fields,
      ok,
      failure: credentialsFailure(what, exchange.response.status, said, fields),
      checks: [status, ...(said || !status.ok ? asConsequences(checks) : checks)],
    };
  }
  const extra = [...fields].filter(([k]) => !PROTOCOL_FIELDS.has(k));
  if (extra.length)
    checks.push(note('other fields', `Kept and shown: ${extra.map(([k, v]) => `${k}=${oneLine(v, 40)}`).join(', ')}.`));
  return { fields, ok, failure: null, checks: [status, ...checks] };
}

/**
 * The leg's one-line reason when no token came: the provider's own words (oauth_problem and its advice, an error
 * field, an XML or HTML page, a redirect) with what to do, or what the body held instead.
 */
function credentialsFailure(
  what: 'request token' | 'access token',
  status: number,
  said: ProviderMessage | null,
  fields: ReadonlyMap<string, string>
): string {
  if (said) return `No ${what}: HTTP ${status}, the provider says: ${sentence(said.text)}${remedyFor(said)}`;
  const names = [...fields.keys()];
  return `No ${what}: HTTP ${status}${names.length ? ` with the fields ${names.slice(0, 12).join(', ')} but not oauth_token and oauth_token_secret` : ' and no oauth_token'} (RFC 5849 ${what === 'request token' ? '§2.1' : '§2.3'}).`;
}

/**
 * What to do about a reported oauth_problem, as a sentence after the provider's words: only when the provider gave
 * the bare code, since its own oauth_problem_advice says best what to do ('' for other codes).
 */
export const remedyFor = (said: ProviderMessage): string => {
  const remedy = said.code && said.text === said.code ? PROBLEM_REMEDY[said.code] : undefined;
  return remedy ? ` ${remedy}` : '';
};
