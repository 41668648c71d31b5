import { headerValue, type RawRequest } from '../../../shared/http';
import { percentEncode } from '../../../shared/percent-encoding';
import { authorizationCredential, isSecretParameter } from '../../../shared/secrets';
import { splitUrlEncoded } from '../../../shared/url-encoded';

/**
 * Shorter values are not masked by name: the body is masked wherever a secret's text recurs, and a short one would
 * dot out unrelated characters (as the explain report leaves them, docs/security.md). A code_verifier has at least 43
 * (RFC 7636 §4.1), a client assertion or a token many more.
 */
const MIN_NAMED_SECRET = 6;

/**
 * The values, as written, of the pairs of the request's query and form body whose names are secrets by the one list
 * (shared/secrets.ts: code_verifier, client_assertion, assertion, subject_token, …), whoever put them there.
 */
function namedSecrets(request: RawRequest): string[] {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1).split('#')[0]! : '';
  return [query, request.body ?? '']
    .flatMap(splitUrlEncoded)
    .filter((p) => p.rawValue.length >= MIN_NAMED_SECRET && isSecretParameter(p.rawName, 'form'))
    .map((p) => p.rawValue);
}

/** The dots a secret is shown as: as many as its characters, at most 16 (as masked() in Secret.tsx draws them). */
const dotsFor = (secret: string) => '•'.repeat(Math.min(secret.length, 16));

/**
 * Every secret an OAuth 2 request may carry, in each form it takes on the wire: the client secret and the tokens
 * as typed (a JSON body) and form-encoded (RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1),
 * Appendix B), and the credential of the Authorization header, whatever its scheme (Basic, Bearer, DPoP; RFC 6750
 * §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1), shared/secrets.ts). The tokens are the access and refresh tokens and the
 * authorization code (RFC 6749 §10.5 (https://www.rfc-editor.org/rfc/rfc6749#section-10.5) keeps it confidential).
 * With them, every query or form value the request carries under a secret's name (namedSecrets).
 */
export function requestSecrets(
  request: RawRequest,
  clientSecret: string,
  tokens: readonly (string | null | undefined)[]
): string[] {
  const auth = headerValue(request.headers, 'authorization') ?? '';
  const credentials = authorizationCredential(auth)?.credential;
  const values = [clientSecret, ...tokens].filter((s): s is string => !!s);
  return [...values.flatMap((s) => [s, percentEncode(s)]), credentials, ...namedSecrets(request)].filter(
    (s): s is string => !!s
  );
}

/** A body cut where a secret starts and ends: `real` is its text, `secret` whether it is shown as dots. */
interface Run {
  readonly real: string;
  readonly secret: boolean;
}

/** The body in runs, each occurrence of a secret its own run (the longest secret where two start at one place). */
function runsOf(body: string, secrets: readonly string[]): Run[] {
  const longestFirst = [...new Set(secrets)].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  const runs: Run[] = [];
  let plain = '';
  for (let i = 0; i < body.length;) {
    const secret = longestFirst.find((s) => body.startsWith(s, i));
    if (secret === undefined) {
      plain += body[i++];
      continue;
    }
    if (plain) runs.push({ real: plain, secret: false });
    plain = '';
    runs.push({ real: secret, secret: true });
    i += secret.length;
  }
  if (plain) runs.push({ real: plain, secret: false });
  return runs;
}

const shownOf = (run: Run) => (run.secret ? dotsFor(run.real) : run.real);

/** The body as the user edits it without revealing its secrets: each secret is dots. */
export function bodyForEditing(body: string, secrets: readonly string[]): string {
  return runsOf(body, secrets).map(shownOf).join('');
}

/** The real text of the first `length` shown characters; a secret cut short ends it before its dots. */
function realPrefix(runs: readonly Run[], length: number): { real: string; shown: number } {
  let real = '';
  let shown = 0;
  for (const run of runs) {
    const width = shownOf(run).length;
    if (shown + width <= length) {
      real += run.real;
      shown += width;
    } else {
      if (!run.secret) real += run.real.slice(0, length - shown);
      return { real, shown: run.secret ? shown : length };
    }
  }
  return { real, shown };
}

/**
 * The body after the user changed its shown text to `edited`: the unchanged start and end keep their secrets
 * (dots left as they were put them back, each in its place, even when two secrets look alike), and only the
 * changed middle is taken as typed, so any other part can be changed unseen. Dots typed into a secret's dots
 * are sent as dots: the secret was changed.
 */
export function bodyFromEditing(body: string, secrets: readonly string[], edited: string): string {
  const runs = runsOf(body, secrets);
  const shown = runs.map(shownOf).join('');
  const limit = Math.min(shown.length, edited.length);
  let same = 0;
  while (same < limit && shown[same] === edited[same]) same++;
  let sameEnd = 0;
  while (sameEnd < limit - same && shown[shown.length - 1 - sameEnd] === edited[edited.length - 1 - sameEnd]) sameEnd++;
  const start = realPrefix(runs, same);
  // The end is the start of the reversed body (by UTF-16 units, as the lengths count; reversed twice it is whole).
  const backwards = (text: string) => text.split('').reverse().join('');
  const end = realPrefix(
    [...runs].reverse().map((r) => ({ ...r, real: backwards(r.real) })),
    sameEnd
  );
  return start.real + edited.slice(start.shown, edited.length - end.shown) + backwards(end.real);
}
