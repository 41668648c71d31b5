import { useEffect } from 'react';
import { MCP_FAULTS } from '../../../shared/mcp/mock-faults';
import { useApp } from '../../app/stores';
import { useOpenAuthorization } from '../flow/use-open-authorization';
import { SETTING_LABELS } from '../mock/switch-labels';
import { McpClientChoices } from './McpClientChoices';
import { McpLegs } from './McpLegs';
import { McpSavedToken } from './McpSavedToken';
import { McpTargetSwitches } from './McpTargetSwitches';
import type { McpFaultName, McpForm, McpPageState } from '../../state/mcp/mcp-state';
import { useMcp } from './use-mcp';
import { SecretField } from '../../components/SecretInput';
import { isSecretParameter } from '../../../shared/secrets';
import './mcp.css';

type TextField = 'clientId' | 'clientSecret' | 'scope' | 'call' | 'args';

/** The form's text fields; one whose key is a secret by the one list (shared/secrets.ts) is masked until revealed. */
const FIELDS: readonly { key: TextField; label: string; placeholder: string }[] = [
  { key: 'clientId', label: 'Client ID', placeholder: "empty: the mock's client, or DCR" },
  { key: 'clientSecret', label: 'Client secret', placeholder: 'for a pre-registered client' },
  { key: 'scope', label: 'Scope', placeholder: 'empty: as the server asks' },
  { key: 'call', label: 'Tool to call', placeholder: 'e.g. write_note' },
  { key: 'args', label: 'Arguments (JSON)', placeholder: '{"text": "hi"}' },
];

/**
 * MCP authorization, step by step: the first request and its 401, the challenge, protected resource metadata,
 * authorization server metadata, registration, the code flow with PKCE and resource, the retried request, the
 * tools; a step-up on insufficient_scope. The same chain as `oauth-lab mcp`.
 */
export function McpPage() {
  const mockBase = useApp((s) => s.mock.baseUrl);
  const s = useMcp((x) => x);
  const first = useOpenAuthorization(s.runStarted);
  const stepUp = useOpenAuthorization(s.pendingOpened);
  const faultRead = useMcp((x) => x.faultRead);
  useEffect(() => {
    if (mockBase) void faultRead();
  }, [mockBase, faultRead]);
  const savedRead = useMcp((x) => x.savedRead);
  useEffect(() => {
    void savedRead();
  }, [mockBase, s.form.url, savedRead]);
  const secrets = [s.form.clientSecret, s.form.assertion, s.form.privateKey].filter((x) => x.trim() !== '');
  return (
    <div className="page mcp">
      <div className="page-head">
        <h2>MCP authorization</h2>
        <span className="muted">MCP 2026-07-28 · 2025-11-25 · RFC 9728 · RFC 8414 · RFC 7591 · RFC 8707</span>
      </div>
      <p className="muted intro">
        Connects to an MCP server over streamable HTTP as a careful client: each link of the authorization chain is
        sent, shown and checked, then <code>server/discover</code> (2026-07-28, stateless) or <code>initialize</code>{' '}
        (2025-11-25) and <code>tools/list</code>. The same chain as <code>oauth-lab mcp</code>.
      </p>
      <ConnectForm mockBase={mockBase} onConnect={() => void first.open('system')} />
      <McpSavedToken />
      {(first.error ?? stepUp.error) && <p className="bad">{first.error ?? stepUp.error}</p>}
      {s.running && s.legs.some((l) => l.authorizationUrl) && !s.pendingAuthorization && (
        <p className="muted" role="status">
          Waiting for the redirect: sign in and approve in the tab that opened.
        </p>
      )}
      {s.pendingAuthorization && (
        <div className="banner notice" role="status">
          <span>The server asks for a wider scope (insufficient_scope): authorize again.</span>
          <button type="button" className="primary" onClick={() => void stepUp.open('system')}>
            Open the step-up authorization
          </button>
        </div>
      )}
      {s.outcome && <McpOutcome outcome={s.outcome} />}
      <McpLegs legs={s.legs} secrets={secrets} />
    </div>
  );
}

/** What Connect will do: list the tools, and call the one filled in. */
const connectLabel = (call: string) =>
  call.trim() === '' ? 'Connect and list the tools' : `Connect, list the tools and call ${call.trim()}`;

/** The server to connect to and the client to connect as; Connect runs the chain. */
function ConnectForm({ mockBase, onConnect }: { mockBase: string | null; onConnect: () => void }) {
  const s = useMcp((x) => x);
  return (
    <form
      className="request-form"
      onSubmit={(e) => {
        e.preventDefault();
        onConnect();
      }}
    >
      <label className="mcp-url">
        MCP server URL
        <input
          className="mono"
          value={s.form.url}
          placeholder={mockBase ? `${mockBase}/mcp (the mock's MCP endpoint)` : 'https://mcp.example.com/mcp'}
          onChange={(e) => s.formEdited({ url: e.target.value })}
        />
      </label>
      <div className="mcp-fields">
        {FIELDS.map((f) =>
          isSecretParameter(f.key, 'json') ? (
            <SecretField
              key={f.key}
              label={f.label}
              name={f.label.toLowerCase()}
              value={s.form[f.key]}
              placeholder={f.placeholder}
              onChange={(v) => s.formEdited({ [f.key]: v })}
            />
          ) : (
            <label key={f.key}>
              {f.label}
              <input
                className="mono"
                value={s.form[f.key]}
                placeholder={f.placeholder}
                autoComplete="off"
                onChange={(e) => s.formEdited({ [f.key]: e.target.value })}
              />
            </label>
          )
        )}
        <ProtocolVersionChoice />
      </div>
      <McpClientChoices />
      <McpTargetSwitches />
      <div className="send-row">
        <button type="submit" className="primary" disabled={s.running}>
          {s.running ? 'Running…' : connectLabel(s.form.call)}
        </button>
        {mockBase && <FaultChooser />}
      </div>
    </form>
  );
}

/** The mock's MCP fault, chosen here for the next run (the mock's settings hold it). */
function FaultChooser() {
  const s = useMcp((x) => x);
  return (
    <label title={SETTING_LABELS.mcpFault}>
      MCP fault at the mock{' '}
      <select
        value={s.fault ?? 'off'}
        disabled={s.fault === null || s.running}
        onChange={(e) => void s.faultChosen(e.target.value as McpFaultName)}
      >
        {MCP_FAULTS.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </select>
    </label>
  );
}

/** How the run ended: the verdict, the tools listed, the tool called and its result. */
const VERSION_CHOICES: readonly { value: McpForm['protocolVersion']; label: string }[] = [
  { value: '', label: 'The newest the server speaks' },
  { value: '2026-07-28', label: '2026-07-28 (stateless: server/discover)' },
  { value: '2025-11-25', label: '2025-11-25 (initialize)' },
];

/** The revision to speak, as `oauth-lab mcp --protocol-version` chooses it. */
function ProtocolVersionChoice() {
  const version = useMcp((x) => x.form.protocolVersion);
  const formEdited = useMcp((x) => x.formEdited);
  return (
    <label>
      Protocol version
      <select
        value={version}
        onChange={(e) => formEdited({ protocolVersion: e.target.value as McpForm['protocolVersion'] })}
      >
        {VERSION_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function McpOutcome({ outcome }: { outcome: NonNullable<McpPageState['outcome']> }) {
  return (
    <section className={`mcp-outcome ${outcome.ok ? 'ok' : 'bad'}`} aria-label="Outcome">
      <p className="verdict">{outcome.summary}</p>
      {outcome.spoke && <p className="muted">{outcome.spoke}</p>}
      {outcome.tools.length > 0 && (
        <table>
          <caption>Tools</caption>
          <tbody>
            {outcome.tools.map((t) => (
              <tr key={t.name}>
                <td className="mono">{t.name}</td>
                <td>{t.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {outcome.called && <h4>Result of {outcome.called}</h4>}
      {outcome.called && (
        <pre className="mcp-result" aria-label="Tool result">
          {JSON.stringify(outcome.result, null, 2)}
        </pre>
      )}
    </section>
  );
}
