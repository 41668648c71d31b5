import type { BearerStep } from '../../../shared/flows';
import { ExchangeView } from '../../components/ExchangeView';
import { useOAuth2 } from '../../app/stores';
import { AUTO_REFRESH_EARLY_SECONDS } from '../../state/oauth2/oauth2-auto-refresh';

/** The bearer call's option: refresh once by itself on a 401 or near expiry, then call again. */
export function AutoRefreshOption() {
  const on = useOAuth2((s) => s.autoRefresh);
  const set = useOAuth2((s) => s.autoRefreshSet);
  const canRefresh = useOAuth2((s) => !!s.flow?.token?.refreshToken);
  return (
    <div className="form-row">
      <label className="check">
        <input type="checkbox" checked={on} onChange={(e) => set(e.target.checked)} />
        Refresh automatically
      </label>
      <span className="muted small">
        on a 401, or within {AUTO_REFRESH_EARLY_SECONDS} s of expiry: once, then the call again (RFC 6749 §6, RFC 6750
        §3.1){canRefresh ? '' : '; there is no refresh token'}.
      </span>
    </div>
  );
}

/** What the automatic refresh sent before the final call, each step with its exchange. */
export function AutoRefreshSteps({ steps }: { steps: readonly BearerStep[] }) {
  if (!steps.length) return null;
  return (
    <ol className="auto-refresh-steps" aria-label="Before this response">
      {steps.map((s, i) => {
        const title =
          s.kind === 'refresh'
            ? `Automatic refresh (${s.why === '401' ? 'after a 401' : 'near expiry'}):`
            : s.kind === 'dpop-nonce'
              ? 'DPoP nonce challenge (RFC 9449 §8, §9):'
              : 'First call:';
        return (
          <li key={i}>
            <details open={s.kind === 'refresh'}>
              <summary>
                <strong>{title}</strong> <span className={s.ok ? 'ok' : 'bad'}>{s.summary}</span>
              </summary>
              <ExchangeView exchange={s.exchange} />
            </details>
          </li>
        );
      })}
    </ol>
  );
}
