import type { RedirectLeg } from '../../../shared/flows/driver/grant';
import { Checks } from '../../components/Checks';
import { masked } from '../../components/Secret';
import { Value } from '../../components/Value';
import type { GrantLegRun } from '../../state/machine/grant-store';
import { LegActions } from './LegActions';
import { PasteUrlForm } from './PasteLandedUrl';
import { useOpenAuthorization } from './use-open-authorization';

/**
 * A front-channel leg of a registered grant (RFC 6749 §4.1.1-4.1.2): the URL the user's browser opens, then the URL
 * it landed on, pasted from the address bar and judged by the leg, with the callback's checks.
 */
export function RedirectLegPanel<S>({
  def,
  state,
  run,
  secrets,
  opened,
  landed,
  next,
}: {
  def: RedirectLeg<S>;
  state: S;
  run: GrantLegRun | undefined;
  secrets: readonly string[];
  opened: () => string;
  landed: (url: string) => void;
  next: { title: string; go: () => void } | null;
}) {
  const { open, error } = useOpenAuthorization(async () => opened());
  const url = def.url(state);
  const outcome = run?.outcome ?? null;
  return (
    <div className="leg-panel">
      <div className="columns">
        <section className="col" aria-label="URL to open">
          <h3>Request</h3>
          <Value label="URL to open" text={url}>
            {masked(url, secrets)}
          </Value>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          {run && <PasteUrlForm label="The URL the browser landed on (from the address bar)" onPaste={landed} />}
        </section>
        <section className="col" aria-label="Callback">
          <h3>Callback</h3>
          {!run && <p className="muted">Not opened yet.</p>}
          {run?.sending && <p className="waiting">Waiting for the URL the browser lands on…</p>}
          {run?.error && (
            <p className="error" role="alert">
              <strong>{run.error.code}</strong>: {run.error.message}
            </p>
          )}
          {outcome && <p className={outcome.ok ? 'summary ok' : 'summary bad'}>{outcome.summary}</p>}
          {outcome && <Checks checks={outcome.checks} />}
        </section>
      </div>
      <LegActions
        action={{ label: 'Open in browser', run: () => void open('system') }}
        outcome={outcome && { ok: outcome.ok, text: `Callback: ${outcome.ok ? 'accepted' : 'refused'}` }}
        next={next}
      />
    </div>
  );
}
