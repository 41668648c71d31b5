import { useApp } from '../../app/stores';
import { CopyButton } from '../../components/CopyButton';
import { CheckField, LinesField, TextField } from './fields';
import { DEFAULT_USER_AGENT } from '../../../shared/flows/extra-headers';
import type { ProfileDraft } from './profile-draft';

/** Where the profile's redirect goes: the URI to register, and why it changes with port 0 (RFC 8252 §7.3). */
function RedirectUri({
  mockTarget,
  redirectUri,
  redirectFixed,
}: {
  mockTarget: boolean;
  redirectUri: string;
  redirectFixed: boolean;
}) {
  return (
    <div className="field wide redirect">
      <span className="field-label">
        Redirect URI{' '}
        {mockTarget ? '(the mock accepts any loopback port, RFC 8252 §7.3)' : 'to register with the provider'}
      </span>
      <div className="secret-input">
        <code className="mono">{redirectUri}</code>
        {redirectFixed && <CopyButton text={redirectUri} label="redirect URI" />}
      </div>
      {!mockTarget && !redirectFixed && (
        <p className="field-hint" role="note">
          Port 0: a free port is chosen when a flow starts, so this URI changes every time. Register a fixed port with
          the provider, unless it accepts any loopback port (RFC 8252 §7.3).
        </p>
      )}
    </div>
  );
}

/** The Server fieldset: name, base URL (the mock's when it follows the mock), callback and redirect, headers. */
export function ServerFields({ draft: d }: { draft: ProfileDraft }) {
  const mock = useApp((s) => s.mock);
  const builtIn = d.builtIn;
  const mockTarget = builtIn || d.followsMock;
  // Port 0 (and the built-in profile) take a free port when the flow starts: there is no number to show yet.
  const freePort = builtIn || d.callbackPort.trim() === '0';
  const catcherUri = `http://127.0.0.1:${freePort ? '<free port>' : d.callbackPort}${d.callbackPath}`;
  const redirectUri = d.redirectUri.trim() || catcherUri;
  const redirectFixed = !mockTarget && !(freePort && d.redirectUri.trim() === '');
  return (
    <fieldset>
      <legend>Server</legend>
      <div className="field-grid">
        <TextField path="name" mono={false} readOnly={builtIn} placeholder="e.g. Staging API" />
        {mockTarget ? (
          <div className="field wide">
            <label htmlFor="profile-baseUrl">Base URL</label>
            <div className="secret-input">
              <input id="profile-baseUrl" className="mono" readOnly value={mock.baseUrl ?? 'the mock is not running'} />
              {mock.baseUrl && <CopyButton text={mock.baseUrl} label="base URL" />}
            </div>
          </div>
        ) : (
          <TextField path="baseUrl" className="wide" placeholder="https://api.example.com" />
        )}
        {!builtIn && (
          <CheckField
            path="followsMock"
            className="wide"
            hint="Its base URL is the running mock's, taken each time it is used: the mock's port changes on every start and on Stop/Start."
          />
        )}
        <TextField
          path="callbackPort"
          numeric
          placeholder="8765"
          hint={builtIn ? 'Unused against the mock: each flow takes a free port.' : '0: any free port'}
        />
        <TextField path="callbackPath" placeholder="/callback" />
        <RedirectUri mockTarget={mockTarget} redirectUri={redirectUri} redirectFixed={redirectFixed} />
        <TextField
          path="redirectUri"
          className="wide"
          placeholder={`(none: ${catcherUri})`}
          hint="For a provider that registers one fixed URL, an https URL or a name (eBay's RuName). The redirect then cannot reach OAuth Lab: paste the address you land on in the flow's authorize step."
        />
        <LinesField
          path="headers"
          className="full"
          placeholder={`Accept: application/json\nUser-Agent: ${DEFAULT_USER_AGENT}`}
          hint={`Name: value, one per line, sent on every request of both flows. Without a User-Agent here, User-Agent: ${DEFAULT_USER_AGENT} is sent.`}
        />
      </div>
    </fieldset>
  );
}
