import { useState } from 'react';
import { masked } from '../../components/Secret';
import { requestText } from '../../../shared/http-text';
import type { Exchange, RawRequest } from '../../../shared/http';
import { maskExchange } from '../../components/mask';
import { Value } from '../../components/Value';
import { useOAuth2 } from '../../app/stores';
import { ExportMenu } from '../../components/ExportMenu';
import type { SentLeg } from '../../state/oauth2/oauth2-flow-state';
import type { OAuth2Run } from '../../state/oauth2/oauth2-run';
import { requestSecrets } from './request-secrets';
import { SecretField } from '../../components/SecretInput';
import { valueSpans } from '../../components/secret-spans';
import { AutoRefreshOption } from './AutoRefreshSteps';
import { oauth2ExportSource } from './export-source';
import { DpopMistakeChooser } from './DpopMistakeChooser';
import { AuthMistakeChooser } from './AuthMistakeChooser';
import { FlowMistakeChooser } from './FlowMistakeChooser';
import { wantsClientAssertion } from '../../../shared/oauth2/client-assertion-request';
import { dpopPreview } from './dpop-preview';

/** Whether the secrets and tokens show in clear, and the button's toggle. */
interface Reveal {
  readonly on: boolean;
  readonly toggle: () => void;
}

/** The leg's request: its method, URL and body editable (secrets masked until revealed), the mistakes to make. */
function RequestForm({
  leg,
  draft,
  secrets,
  reveal,
}: {
  leg: SentLeg;
  draft: RawRequest;
  secrets: string[];
  reveal: Reveal;
}) {
  const draftEdited = useOAuth2((s) => s.draftEdited);
  const dpop = useOAuth2((s) => s.profile?.oauth2.dpop);
  return (
    <form className="request-form" aria-label="Request" onSubmit={(e) => e.preventDefault()}>
      <div className="form-row">
        <label>
          Method
          <input
            className="mono method-input"
            value={draft.method}
            onChange={(e) => draftEdited(leg, { method: e.target.value.toUpperCase() })}
          />
        </label>
        <label className="grow">
          URL
          <input
            className="mono"
            value={draft.url}
            spellCheck={false}
            onChange={(e) => draftEdited(leg, { url: e.target.value })}
          />
        </label>
      </div>
      {draft.body !== undefined && (
        // Its secrets masked one character for one, edited through the mask; the page's switch reveals them all.
        <SecretField
          label="Body (form-encoded)"
          name="body to send"
          multiline
          rows={4}
          value={draft.body}
          shown={reveal.on}
          spans={valueSpans(secrets)}
          onChange={(body) => draftEdited(leg, { body })}
        />
      )}
      {leg === 'api' && <AutoRefreshOption />}
      {leg !== 'api' && <AuthMistakeChooser leg={leg} />}
      {(leg === 'token' || leg === 'refresh') && <FlowMistakeChooser leg={leg} />}
      {dpop && <DpopMistakeChooser leg={leg} />}
      {secrets.length > 0 && (
        <button type="button" className="link" aria-pressed={reveal.on} onClick={reveal.toggle}>
          {reveal.on ? 'Hide secrets and tokens' : 'Reveal secrets and tokens'}
        </button>
      )}
    </form>
  );
}

/**
 * The request the last Send put on the wire: with what is signed only then (the client assertion, the DPoP proof),
 * masked until revealed as every secret is (the one list of secrets, shared/secrets.ts).
 */
function RequestAsSent({ exchange, secrets, reveal }: { exchange: Exchange; secrets: string[]; reveal: boolean }) {
  const text = requestText(exchange.request);
  return (
    <Value label="HTTP request as sent" text={text}>
      {reveal ? text : requestText(maskExchange(exchange, secrets).exchange.request)}
    </Value>
  );
}

/**
 * The Request column: the form, the request as it will be sent (secrets masked until revealed), its exports, and
 * what is signed only when it is sent (the client assertion, the DPoP proof).
 */
export function SentLegRequest({ leg, draft, run }: { leg: SentLeg; draft: RawRequest; run: OAuth2Run | undefined }) {
  const clientSecret = useOAuth2((s) => s.profile?.oauth2.clientSecret ?? '');
  const [reveal, setReveal] = useState(false);
  const flow = useOAuth2((s) => s.flow);
  const receivedCode = useOAuth2((s) => s.receivedCode);
  const profile = useOAuth2((s) => s.profile);
  // Masked until revealed, like every other secret; the body stays editable around the dots.
  const secrets = requestSecrets(draft, clientSecret, [
    flow?.token?.accessToken,
    flow?.token?.refreshToken,
    flow?.code ?? receivedCode,
  ]);
  const exportSource = oauth2ExportSource(leg, draft, flow, profile);
  // With DPoP on, the request as it will go: the proof and, on the API call, the DPoP scheme (RFC 9449 §7.1).
  const wire = requestText(profile?.oauth2.dpop ? dpopPreview(draft, leg) : draft);
  return (
    <section className="col" aria-label="Request to send">
      <h3>Request</h3>
      <RequestForm
        leg={leg}
        draft={draft}
        secrets={secrets}
        reveal={{ on: reveal, toggle: () => setReveal(!reveal) }}
      />
      {run?.exchange && !run.sending && <RequestAsSent exchange={run.exchange} secrets={secrets} reveal={reveal} />}
      <Value label={run?.exchange ? 'HTTP request, next Send' : 'HTTP request'} text={wire}>
        {reveal ? wire : masked(wire, secrets)}
      </Value>
      <ExportMenu source={exportSource} {...(run?.exchange ? { exchange: run.exchange } : {})} />
      {!run?.assertion && wantsClientAssertion(draft) && (
        <p className="muted">
          The client assertion (client_assertion) is signed when the request is sent, with a fresh jti each time (RFC
          7523 §3); its parts are shown below then.
        </p>
      )}
      {!run?.dpop && profile?.oauth2.dpop && (
        <p className="muted">
          DPoP is on: a proof (the DPoP header{leg === 'api' ? ', and the token in the DPoP scheme' : ''}) is signed
          when the request is sent, fresh each time (RFC 9449 §4.2); its parts are shown below then.
        </p>
      )}
    </section>
  );
}
