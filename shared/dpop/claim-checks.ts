import { shown } from '../oidc/trace-step';
import type { CryptoPort } from '../ports';
import { accessTokenHash } from './ath';
import type { DpopExpectations, Recorder } from './expectations';
import { htuOf } from './htu';

/** The claims of §4.2 and checks 3, 8 to 11: jti (and its replay), htm, htu, iat, nonce. */
export function judgeClaims(
  p: Readonly<Record<string, unknown>>,
  expect: DpopExpectations,
  { check, skip }: Recorder
): void {
  const jti = typeof p.jti === 'string' && p.jti !== '' ? p.jti : null;
  check('jti-missing', jti ? null : `jti is ${shown(p.jti)}; every proof has a unique jti string.`, 'jti is present.');
  if (jti && expect.jtiSeen)
    check(
      'jti-reused',
      expect.jtiSeen(jti) ? `jti ${shown(jti)} was already used in a proof; make a new proof for every request.` : null,
      'jti not seen before.'
    );
  else skip('jti-reused', jti ? 'Not checked: no memory of earlier proofs here.' : 'No jti.');
  const htm = typeof p.htm === 'string' && p.htm !== '' ? p.htm : null;
  check('htm-missing', htm ? null : `htm is ${shown(p.htm)}; it is the HTTP method of the request.`, 'htm is present.');
  const method = expect.method ? expect.method.toUpperCase() : null;
  if (htm && method)
    check(
      'htm-wrong',
      htm === method
        ? null
        : `htm is ${shown(htm)}; the request is ${method}${htm.toUpperCase() === method ? ' (methods are case-sensitive)' : ''}.`,
      `htm is ${method}.`
    );
  else skip('htm-wrong', htm ? 'Not checked: the request method is not known here.' : 'No htm.');
  judgeHtu(p.htu, expect, { check, skip });
  judgeIat(p.iat, expect, { check, skip });
  if (expect.nonce) {
    check(
      'nonce-missing',
      p.nonce === undefined
        ? `The server sent DPoP-Nonce ${shown(expect.nonce)} and the proof has no nonce claim; retry with it.`
        : null,
      'nonce is present.'
    );
    if (p.nonce !== undefined)
      check(
        'nonce-wrong',
        p.nonce === expect.nonce
          ? null
          : `nonce is ${shown(p.nonce)}; the server's latest DPoP-Nonce is ${shown(expect.nonce)}.`,
        "nonce is the server's."
      );
  } else
    skip(
      'nonce-wrong',
      p.nonce === undefined ? 'No nonce asked for, none sent.' : "Not checked: the server's nonce is not known here."
    );
}

function judgeHtu(htu: unknown, expect: DpopExpectations, { check, skip }: Recorder): void {
  let normalized: string | null;
  try {
    normalized = typeof htu === 'string' ? htuOf(htu) : null;
  } catch {
    normalized = null;
  }
  check(
    'htu-missing',
    normalized ? null : `htu is ${shown(htu)}; it is the absolute http(s) URL of the request.`,
    'htu is a URL.'
  );
  if (typeof htu !== 'string' || !normalized) return;
  const extra = /[?#].*$/s.exec(htu)?.[0];
  check(
    'htu-query',
    extra ? `htu keeps ${shown(extra)}; it is the target URI without query and fragment: ${normalized}.` : null,
    'htu has no query or fragment.'
  );
  if (!expect.url) return skip('htu-wrong', 'Not checked: the request URL is not known here.');
  let want: string;
  try {
    want = htuOf(expect.url);
  } catch (e) {
    return skip('htu-wrong', `Not checked: the request URL given is not one (${(e as Error).message}).`);
  }
  check(
    'htu-wrong',
    normalized === want ? null : `htu is ${shown(htu)}; the request is to ${want}.`,
    `htu is ${want}.`
  );
}

function judgeIat(iat: unknown, expect: DpopExpectations, { check }: Recorder): void {
  const ok = typeof iat === 'number' && Number.isFinite(iat);
  check(
    'iat-missing',
    ok ? null : `iat is ${shown(iat)}; it is a NumericDate, seconds since the epoch.`,
    'iat is a number.'
  );
  if (!ok) return;
  const age = expect.nowSeconds - iat;
  const maxAge = expect.maxAgeSeconds ?? 300;
  const leeway = expect.leewaySeconds ?? 60;
  check(
    'iat-stale',
    age > maxAge
      ? `iat is ${age} s ago; proofs are accepted for ${maxAge} s. Make a fresh proof for each request.`
      : null,
    `iat is ${age} s ago.`
  );
  check(
    'iat-future',
    -age > leeway
      ? `iat is ${-age} s ahead of the server's clock; at most ${leeway} s is tolerated. Is the client's clock right?`
      : null,
    'iat is not in the future.'
  );
}

/** ath over the access token and the token's key (check 12). */
export function judgeBinding(
  p: Readonly<Record<string, unknown>>,
  thumbprint: string | null,
  expect: DpopExpectations,
  crypto: CryptoPort,
  { check, skip }: Recorder
): void {
  if (expect.accessToken) {
    const want = accessTokenHash(expect.accessToken, crypto);
    check(
      'ath-missing',
      p.ath === undefined ? `The request carries an access token; the proof needs ath = ${want}.` : null,
      'ath is present.'
    );
    if (p.ath !== undefined)
      check(
        'ath-wrong',
        p.ath === want
          ? null
          : `ath is ${shown(p.ath)}; base64url(SHA-256) of this access token is ${want}${athOfScheme(p.ath, expect.accessToken, crypto)}.`,
        'ath is the hash of the access token.'
      );
  } else
    skip(
      'ath-wrong',
      p.ath === undefined ? 'No access token with this request.' : 'Not checked: the access token is not known here.'
    );
  if (expect.boundJkt && thumbprint)
    check(
      'jkt-mismatch',
      thumbprint === expect.boundJkt
        ? null
        : `The proof's key has thumbprint ${thumbprint}; the token is bound to ${expect.boundJkt}.`,
      'The proof key is the bound key.'
    );
  else skip('jkt-mismatch', 'Not checked: no bound key (cnf.jkt) known here.');
}

/** A common slip: hashing the header's value with its scheme ("DPoP …") instead of the token alone. */
function athOfScheme(ath: unknown, token: string, crypto: CryptoPort): string {
  for (const scheme of ['DPoP', 'Bearer'])
    if (ath === accessTokenHash(`${scheme} ${token}`, crypto))
      return ` (yours is the hash of "${scheme} <token>": hash the token alone)`;
  return '';
}
