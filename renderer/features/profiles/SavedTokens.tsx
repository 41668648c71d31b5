import type { SavedToken } from '../../../shared/store/saved-token';
import { useDeps } from '../../app/stores';
import { Secret } from '../../components/Secret';
import { useProfiles } from './profiles-context';
import { savedRefreshState, savedTokenState, useMockStatuses } from '../../state/profiles/saved-token-state';
import { tokenTail } from '../../../shared/oidc/token-lifecycle';

const KIND = { oauth1: 'OAuth 1.0a', oauth2: 'OAuth 2' } as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** Local time as 2026-01-31 14:05:09: compact, sortable, unambiguous. */
const when = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
/** The same, the date over the time, so the table fits a narrow card. */
function When({ ms }: { ms: number }) {
  const [date, time] = when(ms).split(' ');
  return (
    <span className="mono when">
      {date}
      <br />
      {time}
    </span>
  );
}
/** "in 59 min", "in 3 h", "in 12 days", or "expired". */
function left(ms: number): string {
  if (ms <= 0) return 'expired';
  const min = Math.floor(ms / 60_000);
  if (min < 120) return `in ${min} min`;
  const h = Math.floor(min / 60);
  return h < 48 ? `in ${h} h` : `in ${Math.floor(h / 24)} days`;
}

/** One saved token: masked (its last four characters shown), its state, kind, when obtained and until when valid. */
function SavedTokenRow({
  token: t,
  atMock,
  onDelete,
}: {
  token: SavedToken;
  atMock: ReturnType<typeof useMockStatuses>;
  onDelete: () => void;
}) {
  const { now } = useDeps();
  const remaining = t.expiresAt === null ? null : t.expiresAt - now();
  const state = savedTokenState(t, now(), atMock);
  const refresh = savedRefreshState(t, atMock);
  return (
    <tr>
      <td>
        <Secret value={t.token} label={`${KIND[t.kind]} token${t.label ? ` ${t.label}` : ''}`} />
        {/* Told apart without revealing it: its last four characters (tokenTail, as everywhere). */}
        <div className="small muted mono">{tokenTail(t.token)}</div>
        {t.scope && (
          <div className="small muted">
            scope <span className="mono">{t.scope}</span>
          </div>
        )}
        {/* A token's label says where it came from, e.g. "saved by the CLI" for one the app took in. */}
        {t.label && <div className="small muted">{t.label}</div>}
      </td>
      <td data-label="State">
        <div className={`token-state ${state.tone}`} title={state.why}>
          {state.label}
        </div>
        {KIND[t.kind]}
        {refresh && (
          <div className={`small token-state ${refresh.tone}`} title={refresh.why}>
            {refresh.label === 'refreshable' ? 'with refresh token' : refresh.label}
          </div>
        )}
      </td>
      <td data-label="Obtained">
        <When ms={t.obtainedAt} />
      </td>
      <td data-label="Expires">
        {remaining === null ? (
          <span className="muted">does not expire</span>
        ) : (
          <>
            <When ms={t.expiresAt!} />
            <div className={remaining <= 0 ? 'expired small' : 'small muted'}>{left(remaining)}</div>
          </>
        )}
      </td>
      <td>
        <button
          type="button"
          aria-label={`Delete ${KIND[t.kind]} token obtained ${when(t.obtainedAt)}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}

/** The tokens saved for the profile being edited: masked, with kind, when obtained and until when valid. */
export function SavedTokens({ profileName }: { profileName: string }) {
  const tokens = useProfiles((s) => s.tokens);
  const error = useProfiles((s) => s.tokensError);
  const remove = useProfiles((s) => s.tokenDeleteRequested);
  const atMock = useMockStatuses(useProfiles((s) => s.editing?.original.builtIn === true));
  return (
    <section className="saved-tokens" aria-label="Saved tokens">
      <h3>Saved tokens</h3>
      {error && (
        <p className="error" role="alert">
          The saved tokens could not be read: {error}
        </p>
      )}
      {!error && tokens.length === 0 && <p className="muted">No saved tokens for {profileName}.</p>}
      {tokens.length > 0 && (
        <div className="table-scroll">
          <table className="tokens-table">
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col">State and kind</th>
                <th scope="col">Obtained</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <SavedTokenRow key={t.id} token={t} atMock={atMock} onDelete={() => void remove(t.id)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
