import type { Check } from '../../shared/flows';

type Tone = 'pass' | 'fail' | 'note' | 'warning' | 'consequence';

const TONES: Readonly<Record<Tone, { mark: string; said: string }>> = {
  pass: { mark: '✓', said: 'Passed:' },
  fail: { mark: '✗', said: 'Failed:' },
  note: { mark: 'i', said: 'Note:' },
  warning: { mark: '!', said: 'Warning:' },
  // Failed only because of the failure named above (no token when the server refused): greyed, not a second reason.
  consequence: { mark: '–', said: 'Follows from the failure above:' },
};

const toneOf = (c: Check): Tone => c.kind ?? (c.ok ? 'pass' : 'fail');

/** The checks a careful client makes: each passed, failed, a note or a warning that does not decide the verdict, or a consequence. */
export function Checks({ checks, title = 'Checks' }: { checks: readonly Check[]; title?: string }) {
  if (!checks.length) return null;
  return (
    <section aria-label={title}>
      <h4>{title}</h4>
      <ul className="checks">
        {checks.map((c, i) => {
          const tone = toneOf(c);
          return (
            <li key={`${c.name}-${i}`} className={tone}>
              <span className="mark" aria-hidden>
                {TONES[tone].mark}
              </span>
              <span className="sr-only">{TONES[tone].said}</span>
              <strong>{c.name}</strong> <span>{c.message}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
