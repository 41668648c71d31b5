import type { SavedToken } from '../../../shared/store/saved-token';
import type { Profile } from '../../../shared/store/profile';
import { useDeps } from '../../app/stores';
import { Field } from './Field';
import { savedRefreshState, savedTokenState } from '../../state/profiles/saved-token-state';
import { ChosenTokenState } from './ChosenTokenState';
import { tokenTail } from '../../../shared/oidc/token-lifecycle';

/** A saved OAuth 2 token in the list: its start, its expiry or why it is no good, and whether it can be refreshed. */
function bearerTokenLabel(t: SavedToken, now: number, atMock: ReadonlyMap<string, string> | null): string {
  const state = savedTokenState(t, now, atMock);
  const expiry =
    t.expiresAt === null
      ? 'no expiry'
      : t.expiresAt <= now
        ? 'expired'
        : `expires ${new Date(t.expiresAt).toLocaleTimeString()}`;
  const refresh = savedRefreshState(t, atMock);
  const from = t.label ? ` (${t.label})` : '';
  return `${tokenTail(t.token)}${from} ${state.tone === 'bad' ? state.label : expiry}${refresh ? `, ${refresh.label}` : ''}`;
}

/** The profile and the saved OAuth 2 token to send with, and the chosen token's state (here and at the mock). */
export function BearerTokenChoice(choice: {
  profiles: readonly Profile[];
  profileId: string;
  onProfile: (id: string) => void;
  tokens: readonly SavedToken[];
  tokenId: string;
  onToken: (id: string) => void;
  atMock: ReadonlyMap<string, string> | null;
}) {
  const { now } = useDeps();
  const { profiles, profileId, tokens, tokenId, atMock } = choice;
  const saved = tokens.find((t) => t.id === tokenId) ?? null;
  return (
    <>
      <div className="signer-grid">
        <Field label="Profile">
          <select value={profileId} onChange={(e) => choice.onProfile(e.target.value)}>
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Saved OAuth 2 token"
          error={
            tokens.length === 0
              ? 'No saved OAuth 2 token for this profile: run the OAuth 2 flow (or oauth-lab flow --save) first.'
              : undefined
          }
        >
          <select value={tokenId} onChange={(e) => choice.onToken(e.target.value)}>
            {tokens.map((t) => (
              <option key={t.id} value={t.id}>
                {bearerTokenLabel(t, now(), atMock)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {saved && <ChosenTokenState token={saved} now={now()} atMock={atMock} />}
    </>
  );
}
