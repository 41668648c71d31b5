import { FLOW_MISTAKES, type FlowMistake } from '../../../shared/oauth2/flow-mistakes';
import { useOAuth2 } from '../../app/stores';
import { flowMistakeUnavailable } from '../../state/flow-mistake-send';

const mistakesAt = (leg: 'authorize' | 'token' | 'refresh'): FlowMistake[] =>
  (Object.keys(FLOW_MISTAKES) as FlowMistake[]).filter((m) => FLOW_MISTAKES[m].leg === leg);

/**
 * "Make a mistake on purpose" for the flow itself: a redirect_uri, verifier, code or refresh token the mock must
 * refuse, or a state the client's own check refuses; made once at the leg's next Send (or callback), then forgotten.
 * A mistake this flow cannot make yet is listed, disabled, with what it needs.
 */
export function FlowMistakeChooser({ leg }: { leg: 'authorize' | 'token' | 'refresh' }) {
  const chosen = useOAuth2((s) => s.flowMistake);
  const runs = useOAuth2((s) => s.runs);
  const profile = useOAuth2((s) => s.profile);
  const chose = useOAuth2((s) => s.flowMistakeChosen);
  const mistakes = mistakesAt(leg);
  if (!profile || mistakes.length === 0) return null;
  const here = chosen && FLOW_MISTAKES[chosen].leg === leg ? chosen : null;
  const when = leg === 'authorize' ? 'when the callback arrives' : 'at the next Send';
  return (
    <details className="mistake" open={here !== null}>
      <summary>Make a flow mistake on purpose</summary>
      <label className="grow" htmlFor={`flow-mistake-${leg}`}>
        Flow mistake {when}
      </label>
      <select
        id={`flow-mistake-${leg}`}
        value={here ?? ''}
        onChange={(e) => chose((e.target.value || null) as FlowMistake | null)}
      >
        <option value="">None: follow the flow</option>
        {mistakes.map((m) => {
          const unavailable = flowMistakeUnavailable(m, runs, profile);
          return (
            <option key={m} value={m} disabled={unavailable !== null}>
              {FLOW_MISTAKES[m].title}
              {unavailable ? ` (${unavailable})` : ''}
            </option>
          );
        })}
      </select>
      <p className="muted small">
        {here
          ? `Made once ${when}: ${FLOW_MISTAKES[here].detail} The explainer should name ${FLOW_MISTAKES[here].cause}.`
          : `Mistakes the mock refuses (or the client's own check does), made once ${when}; the explainer then names the cause under the answer.`}
      </p>
    </details>
  );
}
