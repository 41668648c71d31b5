import type { SavedToken } from '../../../shared/store/saved-token';
import { savedRefreshState, savedTokenState, type SavedTokenState } from '../../state/profiles/saved-token-state';

/** The chosen token's state in full (the list cuts it at the select's width), each part with why in its title. */
export function ChosenTokenState({
  token,
  now,
  atMock,
}: {
  token: SavedToken;
  now: number;
  atMock: ReadonlyMap<string, string> | null;
}) {
  const parts = [savedTokenState(token, now, atMock), savedRefreshState(token, atMock)].filter(
    (p): p is SavedTokenState => p !== null
  );
  return (
    <p className="small muted" aria-label="The chosen token">
      {parts.map((p, i) => (
        <span key={p.label}>
          {i > 0 && ' · '}
          <span className={`token-state ${p.tone}`} title={p.why}>
            {p.label}
          </span>
        </span>
      ))}
    </p>
  );
}
