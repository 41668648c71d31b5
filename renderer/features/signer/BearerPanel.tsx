import { useEffect, useState, type ReactNode } from 'react';
import { endpointUrl } from '../../../shared/flows';
import { profileBaseUrl } from '../../../shared/flows/profile-config';
import type { SavedToken } from '../../../shared/store/saved-token';
import { ExchangeView } from '../../components/ExchangeView';
import { useApp, useDeps } from '../../app/stores';
import type { BearerRequestForm, SignerBearerResult } from './bearer-send';
import { DpopProofTrace } from '../oauth2/DpopProofTrace';
import { useBearer } from './bearer-store';
import { Field } from './Field';
import { savedRefreshState, savedTokenState, useMockStatuses } from '../profiles/saved-token-state';
import { ChosenTokenState } from './ChosenTokenState';

const PLACEMENTS = [
  ['header', 'Authorization header (RFC 6750 §2.1)'],
  ['form', 'Form body (§2.2)'],
  ['query', 'Query (§2.3)'],
] as const;
const STEP_TITLES = {
  refresh: 'Refresh',
  call: 'Request',
  'dpop-nonce': 'DPoP nonce challenge',
  'dpop-replayed': 'Accepted, then its proof replayed',
} as const;

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
  return `${t.token.slice(0, 6)}… ${state.tone === 'bad' ? state.label : expiry}${refresh ? `, ${refresh.label}` : ''}`;
}

/** The Request signer's OAuth 2 side: any request with a profile's saved bearer token, refreshed when it must be, each step shown. */
export function BearerPanel({ modeSwitch }: { modeSwitch: ReactNode }) {
  const { now } = useDeps();
  const { savedTokens, send: sendWithSavedToken } = useBearer((s) => s);
  const profiles = useApp((s) => s.profiles);
  const activeId = useApp((s) => s.activeProfileId);
  const mock = useApp((s) => s.mock);
  const [profileId, setProfileId] = useState(activeId);
  const profile = profiles.find((p) => p.id === profileId) ?? null;
  const baseUrl = profile ? profileBaseUrl(profile, mock.baseUrl) : null;
  const [tokens, setTokens] = useState<readonly SavedToken[]>([]);
  const [tokenId, setTokenId] = useState('');
  const [form, setForm] = useState<BearerRequestForm>({
    method: 'GET',
    url: '',
    body: '',
    contentType: 'application/json',
    placement: 'header',
  });
  const [result, setResult] = useState<SignerBearerResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
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
            <div className="signer-grid">
              <Field label="Profile">
                <select value={profileId} onChange={(e) => setProfileId(e.target.value)}>
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
                <select value={tokenId} onChange={(e) => setTokenId(e.target.value)}>
                  {tokens.map((t) => (
                    <option key={t.id} value={t.id}>
                      {bearerTokenLabel(t, now(), atMock)}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            {saved && <ChosenTokenState token={saved} now={now()} atMock={atMock} />}
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
              <textarea className="mono" rows={3} value={form.body} onChange={(e) => edit({ body: e.target.value })} />
            </Field>
            {form.body !== '' && (
              <Field label="Content-Type">
                <input
                  className="mono"
                  value={form.contentType}
                  onChange={(e) => edit({ contentType: e.target.value })}
                />
              </Field>
            )}
            <div className="send-row">
              <button type="submit" className="primary" disabled={!saved || !baseUrl || sending}>
                {sending ? 'Sending…' : 'Send with the saved token'}
              </button>
              <span className="muted small">
                refreshed first when expired, and once on a 401; a new token is saved
                {profile?.oauth2.dpop ? "; DPoP on: each request with a proof of the profile's key (RFC 9449 §7)" : ''}
              </span>
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
          {!result && <p className="muted">Each request (and a refresh, when one is needed) shows here.</p>}
          {result?.steps.map((step, i) => (
            <section key={i} aria-label={`Step ${i + 1}: ${STEP_TITLES[step.kind]}`}>
              <h4>
                {i + 1}. {STEP_TITLES[step.kind]}
              </h4>
              <p className={step.ok ? 'summary ok' : 'summary bad'}>{step.summary}</p>
              <ExchangeView exchange={step.exchange} />
            </section>
          ))}
          {result?.refreshed && <p className="summary ok">The refreshed token is saved with the profile.</p>}
          {result?.dpop && <DpopProofTrace trace={result.dpop} />}
        </div>
      </div>
    </div>
  );
}
