import { useState } from 'react';
import type { SignatureTrace } from '../../shared/oauth1';
import { BaseStringView } from './BaseStringView';
import { CopyButton } from './CopyButton';
import { ParamsTable } from './ParamsTable';
import { masked } from './Secret';

const RFC = 'https://www.rfc-editor.org/rfc/rfc5849#section-';

/**
 * Every step of the OAuth 1.0a signature in computation order, each with its title, RFC 5849 section and value
 * (the UI loops over the trace and hard-codes no step). Secrets in the signing key stay masked; `hide` draws the
 * other texts' secrets masked (Copy copies them whole).
 */
export function TraceView({
  trace,
  secrets,
  hide = (text) => text,
}: {
  trace: SignatureTrace;
  secrets: readonly string[];
  hide?: (text: string) => string;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const [reveal, setReveal] = useState(false);
  return (
    <ol className="trace" aria-label="Signature steps">
      {trace.steps.map((step) => {
        // `RFC 5849 §3.4.1.3.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.2) (1), §3.6`: the link goes to the first section named.
        const anchor = /§([\d.]+\d)/.exec(step.section)?.[1] ?? '';
        const isKey = step.id === 'signing-key';
        const text = step.kind === 'text' ? step.text : '';
        return (
          <li key={step.id} className="trace-step" data-step={step.id}>
            <div className="step-head">
              <h4>{step.title}</h4>
              <a className="section" href={`${RFC}${anchor}`} target="_blank" rel="noreferrer">
                {step.section}
              </a>
              {step.kind === 'text' && !isKey && <CopyButton text={text} label={step.title} />}
              {isKey && (
                <button type="button" className="link" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
                  {reveal ? 'Hide secrets' : 'Reveal secrets'}
                </button>
              )}
            </div>
            {step.kind === 'params' ? (
              <ParamsTable
                encoded={step.id === 'encoded-parameters' || step.id === 'sorted-parameters'}
                params={step.params}
                sorted={trace.sortedParams}
                hovered={hovered}
                onHover={setHovered}
                caption={step.title}
              />
            ) : step.id === 'signature-base-string' ? (
              <BaseStringView trace={trace} hovered={hovered} onHover={setHovered} hide={hide} />
            ) : (
              <pre className="mono wire">{isKey ? (reveal ? text : masked(text, secrets)) : hide(text)}</pre>
            )}
          </li>
        );
      })}
    </ol>
  );
}
