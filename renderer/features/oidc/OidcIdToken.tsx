import { profileEndpoints, type ChosenEndpoint, type DiscoveredEndpoints } from '../../../shared/oidc';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { useOAuth2 } from '../../app/stores';
import { useFlowProfile } from './use-flow-profile';
import { AccessTokenView } from './AccessTokenView';
import { IdTokenSteps } from './IdTokenSteps';
import type { ValidationInputs } from '../../state/oidc/oidc-state';
import { flowTokensOf } from './flow-tokens';
import { UserInfoPanel } from './UserInfoPanel';
import { useOidc } from './use-oidc';
import { SecretField } from '../../components/SecretInput';
import { isSecretParameter } from '../../../shared/secrets';

/**
 * The JWKS the id_token is checked with: the OAuth 2 page's profile's JWKS URL (as the profile is saved now) when it
 * names one, else discovery's.
 */
function useJwks(discovered: DiscoveredEndpoints | null): ChosenEndpoint | null {
  const profile = useFlowProfile();
  const flow = useOAuth2((s) => s.flow);
  if (profile && flow) return profileEndpoints(profile, flow.config.baseUrl, discovered).jwks;
  return discovered?.jwks ? { url: discovered.jwks, source: 'discovery' } : null;
}

/** One of the validation's inputs, as a labelled field; a secret by the one list (shared/secrets.ts) is masked. */
function InputField({ name, label }: { name: keyof ValidationInputs; label: string }) {
  const value = useOidc((x) => x.inputs[name]);
  const inputsEdited = useOidc((x) => x.inputsEdited);
  if (isSecretParameter(name, 'form'))
    return (
      <SecretField
        className="grow"
        label={label}
        name={label.replace(/ \(.*\)$/, '').toLowerCase()}
        multiline={name === 'idToken'}
        value={value}
        onChange={(v) => inputsEdited({ [name]: v })}
      />
    );
  return (
    <label className="grow">
      {label}
      <input className="mono" value={value} onChange={(e) => inputsEdited({ [name]: e.target.value })} />
    </label>
  );
}

/** The JWKS the id_token will be checked with, and where it comes from; or why there is none yet. */
function JwksUsed({ jwks }: { jwks: ChosenEndpoint | null }) {
  const discovered = useOidc((x) => x.discovery !== null);
  if (jwks)
    return (
      <span className="muted" aria-label="JWKS used">
        JWKS: <span className="mono">{jwks.url}</span> (
        {jwks.source === 'profile' ? "from the OAuth 2 page's profile" : "from the provider's metadata"})
      </span>
    );
  return discovered ? null : (
    <span className="muted">Discover the issuer first: the JWKS and the allowed algorithms come from it.</span>
  );
}

/** The id_token to validate and what it is checked against; the OAuth 2 flow's can be taken. */
function ValidationForm({ jwks }: { jwks: ChosenEndpoint | null }) {
  const flow = useOAuth2((x) => x.flow);
  const runs = useOAuth2((x) => x.runs);
  const fromFlow = flowTokensOf({ flow, runs });
  const s = useOidc((x) => x);
  return (
    <form
      className="request-form"
      aria-label="id_token validation inputs"
      onSubmit={(e) => (e.preventDefault(), void s.validationRequested(jwks?.url))}
    >
      <h3>id_token</h3>
      {fromFlow && (
        <button type="button" onClick={() => s.inputsEdited(fromFlow)}>
          Take the OAuth 2 flow's id_token
        </button>
      )}
      <InputField name="idToken" label="id_token" />
      <div className="form-row">
        <InputField name="clientId" label="client_id" />
        <InputField name="clientSecret" label="Client secret (HS256)" />
      </div>
      <div className="form-row">
        <InputField name="nonce" label="Nonce sent" />
        <InputField name="registeredAlg" label="Registered alg (empty: any discovered)" />
      </div>
      <div className="form-row">
        <InputField name="accessToken" label="Access token (for at_hash)" />
        <InputField name="code" label="Authorization code (for c_hash)" />
      </div>
      <div className="form-row">
        <InputField name="maxAge" label="max_age sent, s (for auth_time)" />
      </div>
      <div className="send-row">
        <button type="submit" className="primary" disabled={s.validating || !s.inputs.idToken.trim()}>
          Validate
        </button>
        <JwksUsed jwks={jwks} />
      </div>
    </form>
  );
}

/** The id_token column: its inputs, its checks step by step, the access token beside it, UserInfo. */
export function OidcIdToken() {
  const s = useOidc((x) => x);
  const jwks = useJwks(s.discovery?.endpoints ?? null);
  return (
    <div className="col">
      <ValidationForm jwks={jwks} />
      {s.validationError && (
        <p className="error" role="alert">
          {s.validationError}
        </p>
      )}
      {s.trace && (
        <ErrorBoundary what="The id_token validation" resetKey={s.trace}>
          <IdTokenSteps trace={s.trace} />
        </ErrorBoundary>
      )}
      {s.trace && (
        <ErrorBoundary what="The access token" resetKey={s.inputs.accessToken}>
          <AccessTokenView token={s.inputs.accessToken} />
        </ErrorBoundary>
      )}
      <ErrorBoundary what="UserInfo" resetKey={s.trace}>
        <UserInfoPanel />
      </ErrorBoundary>
    </div>
  );
}
