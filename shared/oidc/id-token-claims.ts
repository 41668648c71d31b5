import type { CryptoPort } from '../ports';
import { numericDate } from './jwt';
import { checkAuthTime } from './auth-time';
import { leftHalfHash, tokenHashAlgorithm } from './token-hash';
import { failed, passed, shown, skipped, type ValidationStep } from './trace-step';

export interface ClaimExpectations {
  /** The issuer as discovery confirmed it (or the profile states): compared exactly (OIDC Core §3.1.3.7 (2)). */
  readonly issuer: string;
  readonly clientId: string;
  /** The nonce sent on the authorization request; null when none was sent. */
  readonly nonce: string | null;
  readonly accessToken?: string | null;
  readonly code?: string | null;
  /** The client's clock, ms since the epoch. */
  readonly now: number;
  /** Allowed difference between the clocks, in seconds, shown in the exp and iat steps. */
  readonly clockSkewSeconds: number;
  /** The max_age sent on the authorization request (OIDC Core §3.1.2.1); null or absent when none was. */
  readonly maxAge?: number | null;
}

export type ClaimStepId = 'iss' | 'aud' | 'azp' | 'exp' | 'iat' | 'nonce' | 'auth_time' | 'at_hash' | 'c_hash';
type Payload = Readonly<Record<string, unknown>>;
const core = (n: number) => `OIDC Core §3.1.3.7 (${n})`;

function checkIss(p: Payload, e: ClaimExpectations): ValidationStep<'iss'> {
  const t = 'Issuer (iss)';
  return p.iss === e.issuer
    ? passed('iss', t, core(2), `iss is ${shown(e.issuer)}, the issuer discovery confirmed.`)
    : failed(
        'iss',
        t,
        core(2),
        `iss is ${shown(p.iss)}; expected exactly ${shown(e.issuer)} (the issuer from discovery).`
      );
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

function checkExp(p: Payload, e: ClaimExpectations): ValidationStep<'exp'> {
  const t = `Expiry (exp), ${e.clockSkewSeconds} s skew allowed`;
  const at = numericDate(p.exp);
  if (at === null)
    return failed(
      'exp',
      t,
      core(9),
      `exp is ${shown(p.exp)}; a NumericDate (seconds since the epoch) is required (OIDC Core §2).`
    );
  const left = (p.exp as number) - e.now / 1000;
  return left + e.clockSkewSeconds > 0
    ? passed('exp', t, core(9), `exp is ${at}: valid for ${Math.floor(left)} s more by this client's clock.`)
    : failed(
        'exp',
        t,
        core(9),
        `exp is ${at}: expired ${Math.ceil(-left)} s ago by this client's clock, beyond the ${e.clockSkewSeconds} s skew allowance.`
      );
}

function checkIat(p: Payload, e: ClaimExpectations): ValidationStep<'iat'> {
  const t = `Issued at (iat), ${e.clockSkewSeconds} s skew allowed`;
  const at = numericDate(p.iat);
  if (at === null)
    return failed(
      'iat',
      t,
      core(10),
      `iat is ${shown(p.iat)}; a NumericDate (seconds since the epoch) is required (OIDC Core §2).`
    );
  const age = e.now / 1000 - (p.iat as number);
  return age + e.clockSkewSeconds >= 0
    ? passed('iat', t, core(10), `iat is ${at}: issued ${Math.max(0, Math.floor(age))} s ago by this client's clock.`)
    : failed(
        'iat',
        t,
        core(10),
        `iat is ${at}: ${Math.ceil(-age)} s in the future by this client's clock, beyond the ${e.clockSkewSeconds} s skew allowance (the clocks disagree).`
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

/** Steps 2–5, 9–11 and 13 of OIDC Core §3.1.3.7, then the hashes that bind the id_token to the access token and code. */
export function checkClaims(
  p: Payload,
  alg: unknown,
  e: ClaimExpectations,
  crypto: CryptoPort
): ValidationStep<ClaimStepId>[] {
  return [
    checkIss(p, e),
    checkAud(p, e),
    checkAzp(p, e),
    checkExp(p, e),
    checkIat(p, e),
    checkNonce(p, e),
    checkAuthTime(p, e),
    checkHash('at_hash', p, alg, e.accessToken, crypto),
    checkHash('c_hash', p, alg, e.code, crypto),
  ];
}
