import { endpointUrl } from '../../../shared/flows/common';
import { tokenAtMockMtls } from '../../../shared/flows/profile-config';
import { useApp } from '../../app/stores';
import { EndpointHint } from './EndpointHint';
import { useProfiles } from './profiles-context';

/**
 * The token path's hint. For a certificate client that follows the mock: the embedded mock's mutual-TLS port (RFC
 * 8705 §5), whatever its port at the time of sending, with where that is now; otherwise the usual hint.
 */
export function TokenPathHint() {
  const draft = useProfiles((s) => s.editing?.draft ?? null);
  const mtls = useApp((s) => s.mock.mtlsBaseUrl ?? null);
  if (!draft || !tokenAtMockMtls(draft)) return <EndpointHint path="oauth2.tokenPath" />;
  return (
    <>
      Sent to the embedded mock&apos;s mutual-TLS port, whatever its port at the time (RFC 8705 §5)
      {mtls ? (
        <>
          : now <code className="break">{endpointUrl(mtls, draft.oauth2.tokenPath)}</code>.
        </>
      ) : (
        '; the mock is not running with it now.'
      )}
    </>
  );
}
