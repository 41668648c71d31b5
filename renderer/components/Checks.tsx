import type { Check } from '../../shared/flows';

/** The checks a careful client makes, each pass or fail with its reason. */
export function Checks({ checks, title = 'Checks' }: { checks: readonly Check[]; title?: string }) {
  if (!checks.length) return null;
  return (
    <section aria-label={title}>
      <h4>{title}</h4>
      <ul className="checks">
        {checks.map((c, i) => (
          <li key={`${c.name}-${i}`} className={c.ok ? 'pass' : 'fail'}>
            <span className="mark" aria-hidden>{c.ok ? '✓' : '✗'}</span>
            <span className="sr-only">{c.ok ? 'Passed:' : 'Failed:'}</span>
            <strong>{c.name}</strong> <span>{c.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
