import type { CryptoPort } from '../ports';
import { checkAuthTime } from './auth-time';
import { dateClaimSteps, type DateClaimRules, type DateExpectations } from './date-claims';
import { leftHalfHash, tokenHashAlgorithm } from './token-hash';
import { failed, passed, shown, skipped, type ValidationStep } from './trace-step';

export interface ClaimExpectations extends DateExpectations {
  /** The issuer expected in iss, compared exactly (OIDC Core §3.1.3.7 (2)). */
  readonly issuer: string;
  /** Where that issuer came from and whether discovery confirmed it (issuerProvenance), said in the iss step. */
  readonly issuerSource: string;
  readonly clientId: string;
  /** The nonce sent on the authorization request; null when none was sent. */
  readonly nonce: string | null;
  readonly accessToken?: string | null;
  readonly code?: string | null;
  /** The max_age sent on the authorization request (OIDC Core §3.1.2.1); null or absent when none was. */
  readonly maxAge?: number | null;
}

export type ClaimStepId =
  'iss' | 'sub' | 'aud' | 'azp' | 'exp' | 'iat' | 'nbf' | 'nonce' | 'auth_time' | 'at_hash' | 'c_hash';
type Payload = Readonly<Record<string, unknown>>;
const core = (n: number) => `OIDC Core §3.1.3.7 (${n})`;

function checkIss(p: Payload, e: ClaimExpectations): ValidationStep<'iss'> {
  const t = 'Issuer (iss)';
  return p.iss === e.issuer
    ? passed('iss', t, core(2), `iss is ${shown(e.issuer)}, the expected issuer (${e.issuerSource}).`)
    : failed('iss', t, core(2), `iss is ${shown(p.iss)}; expected exactly ${shown(e.issuer)} (${e.issuerSource}).`);
}

const audiences = (p: Payload): string[] | null =>
  typeof p.aud === 'string'
    ? [p.aud]
    : Array.isArray(p.aud) && p.aud.every((a) => typeof a === 'string')
      ? (p.aud as string[])
      : null;

function checkAud(p: Payload, e: ClaimExpectations): ValidationStep<'aud'> {
  const t = 'Audience (aud)';
  const aud = audiences(p);
  if (!aud)
    return failed(
      'aud',
      t,
      core(3),
      `aud is ${shown(p.aud)}; expected a string or an array of strings containing the client_id.`
    );
  if (!aud.includes(e.clientId))
    return failed(
      'aud',
      t,
      core(3),
      `aud is ${shown(p.aud)}, which does not contain this client's client_id ${shown(e.clientId)}: the token was issued to another client.`
    );
  const others = aud.filter((a) => a !== e.clientId);
  return passed(
    'aud',
    t,
    core(3),
    `aud contains the client_id ${shown(e.clientId)}${others.length ? `; other audiences: ${others.join(', ')} (trust them only if you know them)` : ''}.`
  );
}

function checkAzp(p: Payload, e: ClaimExpectations): ValidationStep<'azp'> {
  const t = 'Authorized party (azp)';
  const aud = audiences(p) ?? [];
  if (p.azp === undefined)
    return aud.length > 1
      ? failed(
          'azp',
          t,
          core(4),
          `aud has ${aud.length} audiences but no azp; with several audiences the client should check azp (OIDC Core §3.1.3.7 (4)).`
        )
      : skipped('azp', t, core(4), 'No azp, and one audience: nothing to check.');
  return p.azp === e.clientId
    ? passed('azp', t, core(5), `azp is the client_id ${shown(e.clientId)}.`)
    : failed(
        'azp',
        t,
        core(5),
        `azp is ${shown(p.azp)}; when present it must be this client's client_id ${shown(e.clientId)}.`
      );
}

// exp and iat are required in an id_token (OIDC Core §2); nbf and auth_time are optional, judged when present.
const ID_TOKEN_DATES: DateClaimRules = {
  exp: { required: true, section: core(9) },
  iat: { required: true, section: core(10) },
  nbf: { required: false, section: 'RFC 7519 §4.1.5' },
};

/** sub: REQUIRED, a non-empty string of at most 255 ASCII characters (OIDC Core §2). */
function checkSub(p: Payload): ValidationStep<'sub'> {
  const t = 'Subject (sub)';
  const ok = typeof p.sub === 'string' && p.sub !== '' && p.sub.length <= 255 && /^[\x20-\x7e]*$/.test(p.sub);
  return ok
    ? passed('sub', t, 'OIDC Core §2', `sub is ${shown(p.sub)}: the user at this issuer.`)
    : failed(
        'sub',
        t,
        'OIDC Core §2',
        `sub is ${shown(p.sub)}; an id_token must carry sub, a non-empty string of at most 255 ASCII characters (OIDC Core §2).`
      );
}

function checkNonce(p: Payload, e: ClaimExpectations): ValidationStep<'nonce'> {
  const t = 'Nonce';
  if (e.nonce === null)
    return p.nonce === undefined
      ? skipped('nonce', t, core(11), 'No nonce was sent, and none came back.')
      : failed(
          'nonce',
          t,
          core(11),
          `The token carries nonce ${shown(p.nonce)}, but this client sent none: it belongs to another request.`
        );
  if (p.nonce === undefined)
    return failed(
      'nonce',
      t,
      core(11),
      'The nonce sent on the authorization request is missing from the id_token; the provider must echo it (OIDC Core §3.1.2.1).'
    );
  return p.nonce === e.nonce
    ? passed('nonce', t, core(11), 'nonce equals the one sent on the authorization request (replay protection).')
    : failed(
        'nonce',
        t,
        core(11),
        `nonce is ${shown(p.nonce)}, not the one sent on the authorization request: a replayed or injected token.`
      );
}

function checkHash(
  id: 'at_hash' | 'c_hash',
  p: Payload,
  alg: unknown,
  value: string | null | undefined,
  crypto: CryptoPort
): ValidationStep<'at_hash' | 'c_hash'> {
  const what = id === 'at_hash' ? 'access token' : 'code';
  const section = id === 'at_hash' ? 'OIDC Core §3.1.3.8, §3.2.2.9' : 'OIDC Core §3.3.2.11';
  const t = `${what === 'code' ? 'Code' : 'Access token'} hash (${id})`;
  if (p[id] === undefined)
    return skipped(
      id,
      t,
      section,
      `No ${id}: optional in the code flow, where the ${what} comes straight from the token endpoint.`
    );
  if (!value) return skipped(id, t, section, `${id} is present, but there is no ${what} to compare it with.`);
  const hash = typeof alg === 'string' ? tokenHashAlgorithm(alg) : null;
  if (hash === null) return skipped(id, t, section, `${id} cannot be computed for alg ${shown(alg)}.`);
  const expected = leftHalfHash(hash, value, crypto);
  return p[id] === expected
    ? passed(id, t, section, `${id} is base64url of the left half of ${hash}(${what}): ${expected}.`)
    : failed(
        id,
        t,
        section,
        `${id} is ${shown(p[id])}; the left half of ${hash}(${what}) is ${expected}: the ${what} and the id_token do not belong together.`
      );
}

/**
 * Steps 2–5, 9–11 and 13 of OIDC Core §3.1.3.7 with sub (OIDC Core §2) and the optional nbf, then the hashes that
 * bind the id_token to the access token and code.
 */
export function checkClaims(
  p: Payload,
  alg: unknown,
  e: ClaimExpectations,
  crypto: CryptoPort
): ValidationStep<ClaimStepId>[] {
  return [
    checkIss(p, e),
    checkSub(p),
    checkAud(p, e),
    checkAzp(p, e),
    ...dateClaimSteps(p, ID_TOKEN_DATES, e),
    checkNonce(p, e),
    checkAuthTime(p, e),
    checkHash('at_hash', p, alg, e.accessToken, crypto),
    checkHash('c_hash', p, alg, e.code, crypto),
  ];
}
