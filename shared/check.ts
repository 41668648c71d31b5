/**
 * One thing a careful client checks, with a one-line reason either way. `ok: false` is a failure. A `note` is
 * `ok: true`: something worth knowing that does not decide the verdict (a field an RFC leaves optional, extra
 * fields). A `warning` is also `ok: true`: something that does not change the verdict but needs reading (an API that
 * answered 200 with an error document). A `consequence` is a failure that only follows from an earlier one (no token because the server
 * refused): shown, but not as the reason.
 */
export interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly message: string;
  readonly kind?: 'note' | 'warning' | 'consequence';
}

export const check = (name: string, ok: boolean, pass: string, fail: string): Check => ({
  name,
  ok,
  message: ok ? pass : fail,
});

export const note = (name: string, message: string): Check => ({ name, ok: true, message, kind: 'note' });

export const warning = (name: string, message: string): Check => ({ name, ok: true, message, kind: 'warning' });

/** Marks failed checks as consequences of an earlier failure (the leg's reason is elsewhere). */
export const asConsequences = (checks: readonly Check[]): Check[] =>
  checks.map((c) => (c.ok ? c : { ...c, kind: 'consequence' }));

/**
 * A requirement of the service's interface that the RFCs leave optional: against the service (the built-in mock
 * or a profile marked as the service) a failed check citing the interface; against any other server a neutral
 * note citing the RFC, since the verdict there rests on what the RFCs require.
 */
export function serviceRequirement(
  service: boolean,
  name: string,
  ok: boolean,
  pass: string,
  missing: { readonly service: string; readonly rfc: string }
): Check {
  if (ok) return check(name, true, pass, '');
  return service ? check(name, false, '', missing.service) : note(name, missing.rfc);
}
