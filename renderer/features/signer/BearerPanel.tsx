import { useEffect, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { endpointUrl } from '../../../shared/flows';
import { profileBaseUrl } from '../../../shared/flows/profile-config';
import type { Profile } from '../../../shared/store/profile';
import type { SavedToken } from '../../../shared/store/saved-token';
import { useApp } from '../../app/stores';
import { SecretInput } from '../../components/SecretInput';
import { secretSpans } from '../../components/secret-spans';
import type { BearerRequestForm, SignerBearerResult } from '../../state/signer/bearer-send';
import { useBearer } from '../../state/signer/bearer-store';
import { BearerSteps } from './BearerSteps';
import { BearerTokenChoice } from './BearerTokenChoice';
import { Field } from './Field';
import { useMockStatuses } from '../../state/profiles/saved-token-state';

const PLACEMENTS = [
  ['header', 'Authorization header (RFC 6750 §2.1)'],
  ['form', 'Form body (§2.2)'],
  ['query', 'Query (§2.3)'],
] as const;

/** The request form before the user edits it; its URL becomes the profile's API path. */
const NEW_REQUEST: BearerRequestForm = {
  method: 'GET',
  url: '',
  body: '',
  contentType: 'application/json',
  placement: 'header',
};

/**
 * The request to send: method, URL, where the token goes (RFC 6750 §2), an optional body (its tokens masked until
 * revealed, as a form body carries the bearer token, §2.2) and its type.
 */
function BearerRequestFields({
  form,
  edit,
}: {
  form: BearerRequestForm;
  edit: (patch: Partial<BearerRequestForm>) => void;
}) {
  return (
    <>
      <div className="signer-line">
        <Field label="Method">
          <input
            className="mono signer-method"
            value={form.method}
            onChange={(e) => edit({ method: e.target.value })}
          />
        </Field>
        <Field label="URL" className="grow">
          <input className="mono" value={form.url} onChange={(e) => edit({ url: e.target.value })} />
        </Field>
      </div>
      <Field label="Token in">
        <select
          value={form.placement}
          onChange={(e) => edit({ placement: e.target.value as BearerRequestForm['placement'] })}
        >
          {PLACEMENTS.map(([v, t]) => (
            <option key={v} value={v}>
              {t}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Body (optional)">
        <SecretInput
          label="body"
          multiline
          spans={secretSpans}
          rows={3}
          value={form.body}
          onChange={(body) => edit({ body })}
        />
      </Field>
      {form.body !== '' && (
        <Field label="Content-Type">
          <input className="mono" value={form.contentType} onChange={(e) => edit({ contentType: e.target.value })} />
        </Field>
      )}
    </>
  );
}

/** What the send does besides sending: the refresh, the new token saved, and DPoP's proofs (RFC 9449 §7). */
function SendNote({ dpop }: { dpop: boolean }) {
  return (
    <span className="muted small">
      refreshed first when expired, and once on a 401; a new token is saved
      {dpop ? "; DPoP on: each request with a proof of the profile's key (RFC 9449 §7)" : ''}
    </span>
  );
}

/** The profile's saved OAuth 2 tokens, read again when the profile or its base URL changes; the URL set to its API path. */
function useSavedTokens(
  profile: Profile | null,
  baseUrl: string | null,
  setForm: Dispatch<SetStateAction<BearerRequestForm>>
) {
  const { savedTokens } = useBearer((s) => s);
  const [tokens, setTokens] = useState<readonly SavedToken[]>([]);
  const [tokenId, setTokenId] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!profile) return;
    void savedTokens(profile.id).then((r) => {
      const list = r.ok ? r.value : [];
      setTokens(list);
      setTokenId(list[0]?.id ?? '');
      setError(r.ok ? null : r.error.message);
    });
    if (baseUrl) setForm((f) => ({ ...f, url: endpointUrl(baseUrl, profile.oauth2.apiPath) }));
    // Only when the profile or its base URL changes: the user's edits to the URL stay otherwise.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile?.id, baseUrl]);
  return { tokens, setTokens, tokenId, setTokenId, error, setError };
}

/** The Request signer's OAuth 2 side: any request with a profile's saved bearer token, refreshed when it must be, each step shown. */
export function BearerPanel({ modeSwitch }: { modeSwitch: ReactNode }) {
  const { savedTokens, send: sendWithSavedToken } = useBearer((s) => s);
  const profiles = useApp((s) => s.profiles);
  const activeId = useApp((s) => s.activeProfileId);
  const mock = useApp((s) => s.mock);
  const [profileId, setProfileId] = useState(activeId);
  const profile = profiles.find((p) => p.id === profileId) ?? null;
  const baseUrl = profile ? profileBaseUrl(profile, mock.baseUrl) : null;
  const [form, setForm] = useState<BearerRequestForm>(NEW_REQUEST);
  const [result, setResult] = useState<SignerBearerResult | null>(null);
  const [sending, setSending] = useState(false);
  const { tokens, setTokens, tokenId, setTokenId, error, setError } = useSavedTokens(profile, baseUrl, setForm);
  const saved = tokens.find((t) => t.id === tokenId) ?? null;
  const atMock = useMockStatuses(profile?.builtIn === true);
  const edit = (patch: Partial<BearerRequestForm>) => setForm({ ...form, ...patch });
  const send = async () => {
    if (!profile || !baseUrl || !saved) return;
    setSending(true);
    setError(null);
    try {
      const r = await sendWithSavedToken(profile, baseUrl, saved, form);
      setResult(r);
      // Read again: a refresh saved a new token, or a refused one marked the saved token.
      const list = await savedTokens(profile.id);
      if (list.ok) setTokens(list.value);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="page signer">
      <header className="page-head">
        <h2>Request signer</h2>
        {modeSwitch}
      </header>
      <div className="columns">
        <div className="col">
          <h3>Request</h3>
          <form
            className="request-form signer-form"
            aria-label="Request with a bearer token"
            onSubmit={(e) => (e.preventDefault(), void send())}
          >
            <BearerTokenChoice
              profiles={profiles}
              profileId={profileId}
              onProfile={setProfileId}
              tokens={tokens}
              tokenId={tokenId}
              onToken={setTokenId}
              atMock={atMock}
            />
            <BearerRequestFields form={form} edit={edit} />
            <div className="send-row">
              <button type="submit" className="primary" disabled={!saved || !baseUrl || sending}>
                {sending ? 'Sending…' : 'Send with the saved token'}
              </button>
              <SendNote dpop={profile?.oauth2.dpop === true} />
            </div>
            {error && (
              <p className="error" role="alert">
                {error}
              </p>
            )}
          </form>
        </div>
        <div className="col">
          <h3>Steps</h3>
          <BearerSteps result={result} />
        </div>
      </div>
    </div>
  );
}
