import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { BearerPanel } from './BearerPanel';
import type { Profile } from '../../../shared/store/profile';
import { profileBaseUrl } from '../../../shared/flows/profile-config';
import { TraceView } from '../../components/TraceView';
import { useApp } from '../../app/stores';
import { useLiveTrace, type LiveTrace } from '../oauth1/use-live-trace';
import { ExportMenu } from '../../components/ExportMenu';
import { useSendShortcut } from '../flow/use-send-shortcut';
import { CredentialsFields } from './CredentialsFields';
import { OAuthFields } from './OAuthFields';
import { maskedTrace, plaintextExposes } from './plaintext-mask';
import { RequestFields } from './RequestFields';
import { PlaintextWarning, SignedOutput } from './SignedOutput';
import { fieldIssues, isRsa, toDraft, type FieldIssues } from './signer-form';
import { SignerResult } from './SignerResult';
import { stepTitle } from './steps';
import { useSigner } from './use-signer';
import './signer.css';
import type { ProtocolStep } from '../../../shared/errors';
import type { OAuth1Draft } from '../../state/oauth1/oauth1-drafts';

/** The step that reads the URL's query: a URL the signer cannot parse fails there. */
const URL_STEP: ProtocolStep = 'query-parameters';

/** A URL the signer cannot parse is the URL field's error too, where the user is typing. */
function withUrlError(issues: FieldIssues, error: LiveTrace['error']): FieldIssues {
  return error?.step === URL_STEP && !issues.url ? { ...issues, url: `URL: ${error.message}` } : issues;
}

const baseUrlOf = (p: Profile | null, mockBaseUrl: string | null) => (p ? profileBaseUrl(p, mockBaseUrl) : null);

const oauth2Only = (p: Profile) => p.oauth1.consumerKey.trim() === '' && p.oauth2.clientId.trim() !== '';

/** The Request signer: OAuth 1.0a signatures, or a request with a saved OAuth 2 bearer token. */
export function SignerPage() {
  const [chosen, setMode] = useState<'oauth1' | 'bearer' | null>(null);
  const active = useApp((s) => s.profiles.find((p) => p.id === s.activeProfileId) ?? null);
  // Until the user chooses, the page opens on the active profile's protocol: one with OAuth 2 credentials only
  // has nothing to sign OAuth 1.0a with.
  const mode = chosen ?? (active && oauth2Only(active) ? 'bearer' : 'oauth1');
  const modeSwitch = (
    <div className="signer-mode" role="group" aria-label="Credentials">
      <button type="button" aria-pressed={mode === 'oauth1'} onClick={() => setMode('oauth1')}>
        OAuth 1.0a signature
      </button>
      <button type="button" aria-pressed={mode === 'bearer'} onClick={() => setMode('bearer')}>
        OAuth 2 bearer token
      </button>
    </div>
  );
  return mode === 'bearer' ? <BearerPanel modeSwitch={modeSwitch} /> : <OAuth1Signer modeSwitch={modeSwitch} />;
}

/** The profile and base URL chosen; on the first visit, prefilled from the app's active profile, and the mock's URL once it runs. */
function useSignerPrefill() {
  const profiles = useApp((s) => s.profiles);
  const activeId = useApp((s) => s.activeProfileId);
  const mock = useApp((s) => s.mock);
  const form = useSigner((s) => s.form);
  const urlPending = useSigner((s) => s.urlPending);
  const opened = useSigner((s) => s.opened);
  const profileChosen = useSigner((s) => s.profileChosen);
  const endpointChosen = useSigner((s) => s.endpointChosen);
  const profile = profiles.find((p) => p.id === form.profileId) ?? null;
  const baseUrl = baseUrlOf(profile, mock.baseUrl);
  // First visit: prefilled from the app's active profile; the mock's URL follows once it runs.
  useEffect(() => {
    if (opened || profiles.length === 0) return;
    const active = profiles.find((p) => p.id === activeId) ?? profiles[0]!;
    void profileChosen(active, baseUrlOf(active, mock.baseUrl));
  }, [opened, profiles, activeId, mock.baseUrl, profileChosen]);
  useEffect(() => {
    if (urlPending && profile && baseUrl) endpointChosen('requestToken', profile, baseUrl);
  }, [urlPending, profile, baseUrl, endpointChosen]);
  return { profile, baseUrl };
}

/** The signed request: warnings and errors, the request as HTTP text and curl, its exports, Send and the result. */
function SignedRequest({
  live,
  draft,
  hostBlocked,
  revealed,
  onReveal,
  blocked,
  onSend,
}: {
  live: LiveTrace;
  draft: OAuth1Draft;
  hostBlocked: boolean;
  revealed: boolean;
  onReveal: () => void;
  /** How many fields must be fixed before sending. */
  blocked: number;
  onSend: () => void;
}) {
  const form = useSigner((s) => s.form);
  const run = useSigner((s) => s.run);
  const exposes = !!live.trace && plaintextExposes(live.trace, form.signatureMethod);
  const mask = exposes && !revealed;
  return (
    <section aria-label="Signed request">
      <h3>Signed request</h3>
      {exposes && <PlaintextWarning url={form.url} revealed={revealed} onReveal={onReveal} />}
      {live.error && (
        <p className="error signer-step-error" role="alert">
          Step “{stepTitle(live.error.step)}” (<code>{live.error.step}</code>) failed: {live.error.message}
        </p>
      )}
      {hostBlocked && (
        <p className="error signer-step-error" role="alert">
          {form.signatureMethod} is signed by the app host, which needs the fields marked in the form fixed first.
        </p>
      )}
      {live.trace ? (
        <SignedOutput trace={live.trace} mask={mask} />
      ) : (
        !live.error && !hostBlocked && <p className="muted">Signing…</p>
      )}
      {live.trace && draft && <ExportMenu source={{ kind: 'oauth1', signing: draft, request: live.trace.request }} />}
      <div className="send-row">
        <button
          type="button"
          className="primary"
          disabled={!live.trace || blocked > 0 || run?.sending}
          onClick={onSend}
        >
          {run?.sending ? 'Sending…' : 'Send'}
        </button>
        <span className="muted small">Ctrl+Enter (⌘+Enter)</span>
        {blocked > 0 && (
          <span className="field-error">
            Fix {blocked === 1 ? 'the field' : `${blocked} fields`} marked in the form first.
          </span>
        )}
      </div>
      {run && <SignerResult run={run} />}
    </section>
  );
}

/**
 * The OAuth 1.0a side: `oauth-lab sign` as a page. Any request, stored or typed credentials, the signature walked
 * through live as the user types, the signed request as HTTP text and curl, and Send with the mock's verdict.
 */
function OAuth1Signer({ modeSwitch }: { modeSwitch: ReactNode }) {
  const profiles = useApp((s) => s.profiles);
  const mock = useApp((s) => s.mock);
  const form = useSigner((s) => s.form);
  const tokens = useSigner((s) => s.tokens);
  const tokensError = useSigner((s) => s.tokensError);
  const profileChosen = useSigner((s) => s.profileChosen);
  const endpointChosen = useSigner((s) => s.endpointChosen);
  const tokenChosen = useSigner((s) => s.tokenChosen);
  const formEdited = useSigner((s) => s.formEdited);
  const nonceRenewed = useSigner((s) => s.nonceRenewed);
  const requestSent = useSigner((s) => s.requestSent);
  const [revealed, setRevealed] = useState(false);

  const { profile, baseUrl } = useSignerPrefill();
  const chooseProfile = (p: Profile | null) => void profileChosen(p, baseUrlOf(p, mock.baseUrl));
  const draft = useMemo(() => toDraft(form), [form]);
  const ownIssues = useMemo(() => fieldIssues(form), [form]);
  // RSA is signed by the host, whose schema refuses these fields: ask for them first rather than show its refusal.
  const hostBlocked =
    isRsa(form.signatureMethod) && !!(ownIssues.method || ownIssues.url || ownIssues.nonce || ownIssues.timestamp);
  const live = useLiveTrace(hostBlocked ? undefined : draft);
  const issues = useMemo(() => withUrlError(ownIssues, live.error), [ownIssues, live.error]);
  const send = useCallback(() => void requestSent(profile), [requestSent, profile]);
  useSendShortcut(send);

  const mask = !!live.trace && plaintextExposes(live.trace, form.signatureMethod) && !revealed;
  const blocked = Object.values(issues);
  return (
    <div className="page signer">
      <header className="page-head">
        <h2>Request signer</h2>
        <span className="muted">sign any OAuth 1.0a request, see every step, send it</span>
        {modeSwitch}
      </header>
      <div className="columns">
        <div className="col">
          <h3>Request</h3>
          <form className="request-form signer-form" aria-label="Request to sign" onSubmit={(e) => e.preventDefault()}>
            <CredentialsFields
              form={form}
              issues={issues}
              profiles={profiles}
              tokens={tokens}
              tokensError={tokensError}
              onEdit={formEdited}
              onProfile={(id) => chooseProfile(profiles.find((p) => p.id === id) ?? null)}
              onToken={tokenChosen}
            />
            <RequestFields
              form={form}
              issues={issues}
              profile={profile}
              baseUrl={baseUrl}
              onEdit={formEdited}
              onEndpoint={(e) => profile && baseUrl && endpointChosen(e, profile, baseUrl)}
            />
            <OAuthFields form={form} issues={issues} onEdit={formEdited} onRenew={nonceRenewed} />
          </form>
        </div>
        <div className="col">
          <SignedRequest
            live={live}
            draft={draft}
            hostBlocked={hostBlocked}
            revealed={revealed}
            onReveal={() => setRevealed(!revealed)}
            blocked={blocked.length}
            onSend={send}
          />
        </div>
      </div>
      <SignatureWalk live={live} mask={mask} secrets={[form.consumerSecret, form.tokenSecret]} />
    </div>
  );
}

/** The signature walked through step by step; PLAINTEXT's secrets masked unless revealed. */
function SignatureWalk({ live, mask, secrets }: { live: LiveTrace; mask: boolean; secrets: readonly string[] }) {
  return (
    <section className="signer-walk" aria-label="Signature walk-through">
      <h3>Signature, step by step</h3>
      {live.error && (
        <p className="muted">
          The walk-through resumes when step “{stepTitle(live.error.step)}” is fixed (the error is above).
        </p>
      )}
      {live.trace && <TraceView trace={mask ? maskedTrace(live.trace) : live.trace} secrets={secrets} />}
    </section>
  );
}
