import type { IdTokenTrace } from '../../../shared/oidc';
import { useScrollIntoView } from '../../components/use-scroll-into-view';
import { ValidationSteps } from './ValidationSteps';

/**
 * The id_token validation as the trace gives it (OIDC Core §3.1.3.7): the verdict, every step in order, and the
 * decoded header and claims.
 */
export function IdTokenSteps({ trace }: { trace: IdTokenTrace }) {
  const failed = trace.steps.filter((s) => s.status === 'failed');
  // A new trace comes into view: on a narrow window it sits below the inputs and the discovery document.
  const ref = useScrollIntoView<HTMLElement>(true, trace, 'start');
  return (
    <section aria-label="id_token validation" ref={ref}>
      <p className={`verdict ${trace.valid ? 'ok' : 'bad'}`} role="status">
        {trace.valid
          ? 'The id_token is valid: every step passed or had nothing to check.'
          : `The id_token is not valid: ${failed.map((s) => s.title).join(', ')} failed.`}
      </p>
      <ValidationSteps steps={trace.steps} label="Validation steps" />
      {trace.header && (
        <details>
          <summary>Decoded header and claims</summary>
          <pre className="mono wire">{JSON.stringify({ header: trace.header, claims: trace.claims }, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}
