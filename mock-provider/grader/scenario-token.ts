import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Observed } from '../../shared/grade/observed';
import { decodeFormBody, jsonReply, type ProviderRequest } from '../http';
import { faultAnswer, idTokenClaims } from './id-token-claims';
import type { Answered, IssuedGrant, ScenarioAnswers } from './issuer-types';

/** A value the grader hands out, its prefix naming its kind (and keeping a command line from reading it as a flag). */
export const secret = (prefix: string, bytes = 18) => `${prefix}${randomBytes(bytes).toString('base64url')}`;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Form-decodes one half of Basic credentials (RFC 6749 §2.3.1); null when it is not valid form encoding. */
function formDecoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** How the client authenticated: the registered method is client_secret_basic (RFC 6749 §2.3.1). */
function clientAuthOf(
  issuer: ScenarioAnswers,
  req: ProviderRequest,
  form: Map<string, string>
): Observed['clientAuth'] {
  const auth = req.headers.find(([n]) => n.toLowerCase() === 'authorization')?.[1];
  if (auth !== undefined && /^basic\s/i.test(auth)) {
    const pair = Buffer.from(auth.replace(/^basic\s+/i, ''), 'base64').toString('utf8');
    const colon = pair.indexOf(':');
    const id = formDecoded(pair.slice(0, Math.max(colon, 0)));
    const given = formDecoded(pair.slice(colon + 1));
    const { clientId, clientSecret } = issuer.client;
    return colon > 0 && id === clientId && given !== null && same(given, clientSecret) ? 'basic' : 'wrong';
  }
  return form.has('client_secret') ? 'post' : 'none';
}

/** RFC 7636 §4.6: BASE64URL(SHA256(code_verifier)) == code_challenge; S256 is the only method the metadata lists. */
function verifierOf(g: IssuedGrant, form: Map<string, string>): Observed['verifier'] {
  if (g.challenge === null) return 'not-asked';
  const v = form.get('code_verifier');
  if (v === undefined) return 'missing';
  const hashed = g.method === 'S256' ? createHash('sha256').update(v, 'ascii').digest('base64url') : v;
  return hashed === g.challenge ? 'match' : 'mismatch';
}

const tokenError = (status: number, error: string, description: string) =>
  jsonReply(status, { error, error_description: description });

/** The token response (RFC 6749 §5.1; OpenID Connect Core §3.1.3.3, §12.2), with the scenario's fault. */
function tokens(issuer: ScenarioAnswers, scope: string, nonce: string | null, authTime: number, refresh: boolean) {
  const s = issuer.scenario;
  const access = secret('at-');
  issuer.state.accessTokens.add(access);
  const body: Record<string, unknown> = {
    access_token: access,
    token_type: s.fault === 'token-type-mixed-case' ? 'bEaReR' : 'Bearer',
    expires_in: 600,
    scope,
  };
  if (s.fault === 'token-without-expires-in' && !refresh) delete body.expires_in;
  if (scope.split(' ').includes('openid')) {
    const now = Math.floor(issuer.now() / 1000);
    const claims = idTokenClaims(s.fault, {
      issuer: issuer.issuer,
      clientId: issuer.client.clientId,
      nonce,
      authTime,
      now,
      refresh,
    });
    body.id_token = issuer.keys.sign(claims, refresh ? 'none' : s.fault);
  }
  if (s.refreshToken) {
    const r = issuer.state.refresh;
    if (r.current !== null) r.rotatedOut.add(r.current);
    r.current = secret('rt-');
    r.authTime = authTime;
    body.refresh_token = r.current;
  }
  return jsonReply(200, body);
}

type Form = Map<string, string>;

function codeGrant(issuer: ScenarioAnswers, form: Form, auth: Observed['clientAuth']): Answered {
  const code = form.get('code') ?? '';
  const grant = issuer.state.codes.get(code);
  const seen = { grant: 'authorization_code' as const, clientAuth: auth };
  if (!grant)
    return issuer.plain(
      'token',
      tokenError(400, 'invalid_grant', 'unknown or used code'),
      'refused: unknown or used code',
      seen
    );
  issuer.state.codes.delete(code);
  if (form.get('redirect_uri') !== issuer.client.redirectUri)
    return issuer.plain(
      'token',
      tokenError(400, 'invalid_grant', 'redirect_uri differs'),
      'refused: redirect_uri differs',
      seen
    );
  const verifier = verifierOf(grant, form);
  if (verifier === 'missing' || verifier === 'mismatch')
    return issuer.plain(
      'token',
      tokenError(400, 'invalid_grant', `code_verifier ${verifier}`),
      `refused: code_verifier ${verifier}`,
      { ...seen, verifier }
    );
  const bad = faultAnswer(issuer.scenario.fault) === 'code-grant';
  const r = tokens(issuer, grant.scope, grant.nonce, grant.authTime, false);
  return issuer.plain('token', r, 'tokens for the code', { ...seen, verifier, bad });
}

/** RFC 6749 §6 with rotation (RFC 9700 §4.14.2): the previous refresh token is refused once a new one is issued. */
function refreshGrant(issuer: ScenarioAnswers, form: Form, auth: Observed['clientAuth']): Answered {
  const token = form.get('refresh_token') ?? '';
  const r = issuer.state.refresh;
  const used: Observed['refreshToken'] =
    r.current !== null && same(token, r.current) ? 'current' : r.rotatedOut.has(token) ? 'rotated-out' : 'unknown';
  const seen = { grant: 'refresh_token' as const, clientAuth: auth, refreshToken: used };
  if (used !== 'current')
    return issuer.plain(
      'token',
      tokenError(400, 'invalid_grant', `refresh token ${used}`),
      `refused: refresh token ${used}`,
      seen
    );
  const bad = faultAnswer(issuer.scenario.fault) === 'refresh';
  // OpenID Connect Core §12.2: the refreshed id_token keeps the original authentication's auth_time.
  const reply = tokens(issuer, issuer.scenario.scope, null, r.authTime!, true);
  return issuer.plain('token', reply, 'tokens for the refresh token, which is rotated', { ...seen, bad });
}

/** The token endpoint (RFC 6749 §3.2): client_secret_basic, then the grant. */
export function tokenEndpoint(issuer: ScenarioAnswers, req: ProviderRequest): Answered {
  const decoded = decodeFormBody(req);
  if (!decoded.ok) return issuer.plain('token', tokenError(400, 'invalid_request', decoded.message), decoded.message);
  const form: Form = new Map(decoded.params);
  const auth = clientAuthOf(issuer, req, form);
  const grantType = form.get('grant_type');
  const grant = grantType === 'authorization_code' || grantType === 'refresh_token' ? grantType : 'other';
  if (auth !== 'basic') {
    const why = `client authentication ${auth}: the client is registered for client_secret_basic`;
    return issuer.plain('token', tokenError(401, 'invalid_client', why), `refused: ${why}`, {
      grant,
      clientAuth: auth,
    });
  }
  if (grant === 'authorization_code') return codeGrant(issuer, form, auth);
  if (grant === 'refresh_token') return refreshGrant(issuer, form, auth);
  return issuer.plain(
    'token',
    tokenError(400, 'unsupported_grant_type', 'authorization_code or refresh_token'),
    'refused: unsupported grant_type',
    { grant, clientAuth: auth }
  );
}
