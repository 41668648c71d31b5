import { useState } from 'react';
import type { Profile } from '../../../shared/store/profile';
import type { SavedToken } from '../../../shared/store/saved-token';
import { useDeps } from '../../app/stores';
import { savedTokenState, useMockStatuses, type SavedTokenState } from '../../state/profiles/saved-token-state';
import { ChosenTokenState } from './ChosenTokenState';
import { Field } from './Field';
import { SecretInput } from '../../components/SecretInput';
import { isRsa, type FieldIssues, type SignerForm } from './signer-form';

const TYPED = '';

interface CredentialsProps {
  form: SignerForm;
  issues: FieldIssues;
  profiles: readonly Profile[];
  tokens: readonly SavedToken[];
  tokensError: string | null;
  onEdit: (patch: Partial<SignerForm>) => void;
  onProfile: (id: string) => void;
  onToken: (id: string) => void;
}

/**
 * A saved token in the list: its value (an OAuth 1.0a token is not the secret; its token secret is), where it came
 * from, when it was obtained, and its state when anything is known of it.
 */
function tokenLabel(t: SavedToken, state: SavedTokenState): string {
  const known = state.tone === 'muted' ? '' : ` · ${state.label}`;
  return `${t.token}${t.label ? ` (${t.label})` : ''} · ${new Date(t.obtainedAt).toLocaleString()}${known}`;
}

type SourceProps = Pick<CredentialsProps, 'form' | 'profiles' | 'tokens' | 'tokensError' | 'onProfile' | 'onToken'>;

/** Where the credentials come from: a profile, one of its saved tokens (with its state), or typed. */
function CredentialsSource({ form, profiles, tokens, tokensError, onProfile, onToken }: SourceProps) {
  const { now } = useDeps();
  const atMock = useMockStatuses(profiles.find((p) => p.id === form.profileId)?.builtIn === true);
  const chosenToken = tokens.find((t) => t.token === form.token && t.tokenSecret === form.tokenSecret)?.id ?? TYPED;
  return (
    <>
      <div className="signer-grid">
        <Field label="Profile">
          <select value={form.profileId ?? TYPED} onChange={(e) => onProfile(e.target.value)}>
            <option value={TYPED}>None: type the credentials</option>
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Saved token">
          <select value={chosenToken} disabled={tokens.length === 0} onChange={(e) => onToken(e.target.value)}>
            <option value={TYPED}>
              {form.profileId === null
                ? 'Choose a profile first'
                : tokens.length
                  ? 'None: type a token'
                  : 'No saved tokens'}
            </option>
            {tokens.map((t) => (
              <option key={t.id} value={t.id}>
                {tokenLabel(t, savedTokenState(t, now(), atMock))}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {chosenToken !== TYPED && (
        <ChosenTokenState token={tokens.find((t) => t.id === chosenToken)!} now={now()} atMock={atMock} />
      )}
      {tokensError && (
        <p className="error" role="alert">
          Saved tokens: {tokensError}
        </p>
      )}
    </>
  );
}

/** Where the credentials come from (a profile, a saved token, or typed) and the credentials themselves. */
export function CredentialsFields({
  form,
  issues,
  profiles,
  tokens,
  tokensError,
  onEdit,
  onProfile,
  onToken,
}: CredentialsProps) {
  const [shown, setShown] = useState(false);
  return (
    <fieldset className="signer-group" aria-label="Credentials">
      <legend>Credentials</legend>
      <CredentialsSource
        form={form}
        profiles={profiles}
        tokens={tokens}
        tokensError={tokensError}
        onProfile={onProfile}
        onToken={onToken}
      />
      <div className="signer-grid">
        <Field label="Consumer key" error={issues.consumerKey}>
          <input
            className="mono"
            value={form.consumerKey}
            spellCheck={false}
            onChange={(e) => onEdit({ consumerKey: e.target.value })}
          />
        </Field>
        <Field label="Consumer secret">
          <SecretInput
            label="consumer secret"
            value={form.consumerSecret}
            shown={shown}
            onChange={(consumerSecret) => onEdit({ consumerSecret })}
          />
        </Field>
        <Field label="Token">
          <input
            className="mono"
            value={form.token}
            placeholder="(none)"
            spellCheck={false}
            onChange={(e) => onEdit({ token: e.target.value })}
          />
        </Field>
        <Field label="Token secret">
          <SecretInput
            label="token secret"
            value={form.tokenSecret}
            shown={shown}
            onChange={(tokenSecret) => onEdit({ tokenSecret })}
          />
        </Field>
      </div>
      <button type="button" className="link signer-reveal" aria-pressed={shown} onClick={() => setShown(!shown)}>
        {shown ? 'Hide secrets' : 'Reveal secrets'}
      </button>
      {isRsa(form.signatureMethod) && (
        <Field label="RSA private key (PEM)" className="wide">
          <SecretInput
            label="RSA private key"
            multiline
            rows={5}
            value={form.privateKeyPem}
            shown={shown}
            placeholder={'-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----'}
            onChange={(privateKeyPem) => onEdit({ privateKeyPem })}
          />
        </Field>
      )}
    </fieldset>
  );
}
