import { readNumericDate } from './date-claims';
import { failed, passed, skipped, type ValidationStep } from './trace-step';

const TITLE = 'Authentication time (auth_time)';
const SECTION = 'OIDC Core §3.1.3.7 (13), §3.1.2.1';

/**
 * When the user last logged in at the provider (auth_time, OIDC Core §2), against the max_age the authorization
 * request sent: with max_age the id_token must carry auth_time (§3.1.2.1), and a login older than max_age means the
 * provider did not re-authenticate (§3.1.3.7 (13)). Without max_age the time is shown, not judged.
 */
export function checkAuthTime(
  p: Readonly<Record<string, unknown>>,
  e: { readonly maxAge?: number | null; readonly now: number; readonly clockSkewSeconds: number }
): ValidationStep<'auth_time'> {
  const maxAge = e.maxAge ?? null;
  if (p.auth_time === undefined)
    return maxAge === null
      ? skipped(
          'auth_time',
          TITLE,
          SECTION,
          'No auth_time: optional unless max_age was sent or the client registered require_auth_time (OIDC Core §2).'
        )
      : failed(
          'auth_time',
          TITLE,
          SECTION,
          `max_age=${maxAge} was sent, so the id_token must carry auth_time (OIDC Core §3.1.2.1); it has none.`
        );
  const at = readNumericDate(p.auth_time);
  if ('problem' in at) return failed('auth_time', TITLE, SECTION, `auth_time ${at.problem}.`);
  const age = Math.floor(e.now / 1000 - at.seconds);
  if (age + e.clockSkewSeconds < 0)
    return failed(
      'auth_time',
      TITLE,
      SECTION,
      `auth_time is ${at.iso}: in the future, ${-age} s ahead of this client's clock, beyond the ${e.clockSkewSeconds} s skew allowance.`
    );
  const when = `The user logged in at ${at.iso}, ${Math.max(0, age)} s ago by this client's clock`;
  if (maxAge === null)
    return skipped(
      'auth_time',
      TITLE,
      SECTION,
      `${when}. No max_age was sent, so any earlier login counts; send max_age (or prompt=login) to require a fresh one.`
    );
  return age <= maxAge + e.clockSkewSeconds
    ? passed('auth_time', TITLE, SECTION, `${when}: within max_age=${maxAge} s.`)
    : failed(
        'auth_time',
        TITLE,
        SECTION,
        `${when}: older than max_age=${maxAge} s (${e.clockSkewSeconds} s skew allowed). The provider reused its session instead of asking the user to log in again.`
      );
}
