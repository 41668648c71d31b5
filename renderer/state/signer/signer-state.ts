import type { BridgeError } from '../../../shared/bridge/result';
import type { Exchange } from '../../../shared/http';
import type { SignatureTrace } from '../../../shared/oauth1';
import type { Profile } from '../../../shared/store/profile';
import type { SavedToken } from '../../../shared/store/saved-token';
import type { SignerForm } from '../../features/signer/signer-form';

export type Endpoint = 'requestToken' | 'accessToken' | 'api';

/** One press of Send: what was signed, what came back or why nothing did. */
export interface SignerRun {
  readonly sending: boolean;
  readonly sent: SignatureTrace | null;
  readonly exchange: Exchange | null;
  /** A signing error (details.step names the trace step) or a transport error. */
  readonly error: BridgeError | null;
}

export interface SignerState {
  readonly form: SignerForm;
  /** The profile's saved OAuth 1.0a tokens, newest first. */
  readonly tokens: readonly SavedToken[];
  readonly tokensError: string | null;
  /** A profile was chosen whose base URL is not known yet (the mock not running): the URL follows when it is. */
  readonly urlPending: boolean;
  /** A profile has been chosen once (the page prefills from the app's active profile on its first visit). */
  readonly opened: boolean;
  readonly run: SignerRun | null;
  profileChosen(profile: Profile | null, baseUrl: string | null): Promise<void>;
  endpointChosen(endpoint: Endpoint, profile: Profile, baseUrl: string): void;
  tokenChosen(id: string): void;
  formEdited(patch: Partial<SignerForm>): void;
  nonceRenewed(): void;
  requestSent(profile: Profile | null): Promise<void>;
}
