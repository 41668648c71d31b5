import { SIGNATURE_METHODS } from '../../../shared/oauth1/signing';
import { PLACEMENT_OPTIONS } from '../../components/placement-options';
import { EndpointHint } from './EndpointHint';
import { CheckField, PemFileButton, SecretField, SelectField, TextField } from './fields';

const METHOD_OPTIONS = SIGNATURE_METHODS.map((m) => [m, m] as const);
const LEG_METHODS = [
  ['POST', 'POST'],
  ['GET', 'GET'],
] as const;

/** The profile's OAuth 1.0a settings (RFC 5849); the built-in mock's endpoints and credentials are fixed. */
export function OAuth1Fields({ builtIn }: { builtIn: boolean }) {
  return (
    <fieldset>
      <legend>OAuth 1.0a</legend>
      <div className="field-grid">
        {(['oauth1.requestTokenPath', 'oauth1.authorizePath', 'oauth1.accessTokenPath', 'oauth1.apiPath'] as const).map(
          (path) => (
            <TextField
              key={path}
              path={path}
              readOnly={builtIn}
              hint={builtIn ? undefined : <EndpointHint path={path} />}
            />
          )
        )}
        <TextField path="oauth1.consumerKey" readOnly={builtIn} />
        <SecretField path="oauth1.consumerSecret" readOnly={builtIn} />
        <SecretField path="oauth1.rsaPrivateKey" readOnly={builtIn} multiline className="full" />
        {!builtIn && <PemFileButton path="oauth1.rsaPrivateKey" />}
        <SelectField path="oauth1.signatureMethod" options={METHOD_OPTIONS} />
        <SelectField path="oauth1.placement" options={PLACEMENT_OPTIONS} />
        <SelectField path="oauth1.legMethod" options={LEG_METHODS} />
        <TextField path="oauth1.realm" placeholder="(none: not sent)" />
        <div className="checks-row">
          <CheckField path="oauth1.useOob" hint="oauth_callback=oob: the provider shows the verifier (RFC 5849 §2.1)" />
          <CheckField path="oauth1.includeVersion" hint="optional in RFC 5849 §3.1" />
        </div>
      </div>
    </fieldset>
  );
}
