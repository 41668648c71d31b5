import { useMemo } from 'react';
import { diagnoseSignature } from '../../../shared/oauth1/debug';
import { useDeps } from '../../app/stores';
import type { MistakeApplied } from '../../state/deliberate-mistake';

/**
 * The mistake a send made on purpose, and what the signature debugger finds in the request as it went out: the
 * same diagnosis its page gives for a pasted request (shared/oauth1/debug).
 */
export function MistakeResult({
  applied,
  secrets,
}: {
  applied: MistakeApplied;
  secrets: { consumerSecret?: string | null; tokenSecret?: string | null };
}) {
  const { crypto } = useDeps();
  const d = useMemo(() => {
    try {
      return diagnoseSignature(
        {
          request: applied.request,
          consumerSecret: secrets.consumerSecret ?? '',
          tokenSecret: secrets.tokenSecret ?? '',
        },
        crypto
      );
    } catch (e) {
      return (e as Error).message;
    }
  }, [applied, secrets.consumerSecret, secrets.tokenSecret, crypto]);
  return (
    <section className="mistake-result" aria-label="Mistake made on purpose">
      <h4>Mistake made on purpose: {applied.mistake.title}</h4>
      <p className="small">
        {applied.mistake.detail} The walk-through shows the request signed right; this one went out with oauth_signature{' '}
        <code>{applied.signature}</code>.
      </p>
      <h4>The signature debugger's diagnosis</h4>
      {typeof d === 'string' ? (
        <p className="error">The debugger could not read the request as sent: {d}</p>
      ) : (
        <>
          <p className={d.verdict === 'match' ? 'summary ok' : 'summary bad'}>{d.summary}</p>
          <ul className="causes">
            {d.causes.map((c) => (
              <li key={c.cause}>
                <strong>{c.title}</strong> ({c.section}): {c.details.join(' ')}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
