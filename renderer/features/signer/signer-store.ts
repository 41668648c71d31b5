import { createStore } from 'zustand/vanilla';
import { transportOf } from '../../../shared/flows/profile-config';
import { BridgeFailure, bridgeErrorOf, type BridgeError } from '../../../shared/bridge/result';
import { endpointUrl, oauth1Flow } from '../../../shared/flows';
import type { Exchange } from '../../../shared/http';
import { traceSignature, type SignatureTrace } from '../../../shared/oauth1';
import type { Profile } from '../../../shared/store/profile';
import type { SavedToken } from '../../../shared/store/saved-token';
import type { RendererDeps } from '../../app/deps';
import { historyRecord } from '../../state/flow-records';
import { emptyForm, fieldIssues, isRsa, profileCallback, toDraft, type SignerForm } from './signer-form';

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

/** The Request signer's state: the form, the profile's saved tokens, and the last send (kept across page visits). */
export function createSignerStore({ bridge, crypto, random, now }: RendererDeps) {
  const fresh = () => oauth1Flow.freshNonceAndTimestamp(random, now());
  return createStore<SignerState>()((set, get) => {
    const edit = (patch: Partial<SignerForm>) => set({ form: { ...get().form, ...patch } });
    // RSA private keys stay in the host; everything else is signed here, exactly as the live trace shows.
    const sign = async (form: SignerForm): Promise<SignatureTrace> => {
      const draft = toDraft(form);
      if (!isRsa(draft.signatureMethod)) return traceSignature(draft, crypto);
      const r = await bridge.oauth1Trace(draft);
      if (!r.ok)
        throw new BridgeFailure(r.error.code, r.error.message, { step: String(r.error.details?.step ?? 'signature') });
      return r.value;
    };
    return {
      form: emptyForm(fresh()),
      tokens: [],
      tokensError: null,
      urlPending: false,
      opened: false,
      run: null,
      async profileChosen(profile, baseUrl) {
        set({ opened: true });
        if (!profile)
          return set({ form: { ...get().form, profileId: null }, tokens: [], tokensError: null, urlPending: false });
        const p = profile.oauth1;
        edit({
          profileId: profile.id,
          consumerKey: p.consumerKey,
          consumerSecret: p.consumerSecret,
          privateKeyPem: p.rsaPrivateKey,
          token: '',
          tokenSecret: '',
          callback: '',
          verifier: '',
          signatureMethod: p.signatureMethod,
          placement: p.placement,
          realm: p.realm,
          includeVersion: p.includeVersion,
          ...fresh(),
        });
        set({ urlPending: !baseUrl, tokens: [], tokensError: null });
        if (baseUrl) get().endpointChosen('requestToken', profile, baseUrl);
        const r = await bridge.tokensList({ profileId: profile.id });
        if (get().form.profileId !== profile.id) return;
        set(r.ok ? { tokens: r.value.filter((t) => t.kind === 'oauth1') } : { tokensError: r.error.message });
      },
      endpointChosen(endpoint, profile, baseUrl) {
        const p = profile.oauth1;
        const path =
          endpoint === 'requestToken' ? p.requestTokenPath : endpoint === 'accessToken' ? p.accessTokenPath : p.apiPath;
        // Step one sends the callback (RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1)); the API call sends neither it nor a verifier.
        const callback =
          endpoint === 'requestToken'
            ? get().form.callback || profileCallback(profile)
            : endpoint === 'api'
              ? ''
              : get().form.callback;
        edit({
          method: endpoint === 'api' ? 'GET' : 'POST',
          url: endpointUrl(baseUrl, path),
          callback,
          ...(endpoint === 'api' ? { verifier: '' } : {}),
        });
        set({ urlPending: false });
      },
      tokenChosen(id) {
        const t = get().tokens.find((x) => x.id === id);
        edit(t ? { token: t.token, tokenSecret: t.tokenSecret } : { token: '', tokenSecret: '' });
      },
      formEdited(patch) {
        edit(patch);
        if ('url' in patch) set({ urlPending: false });
      },
      nonceRenewed: () => edit(fresh()),
      async requestSent(profile) {
        const { form, run } = get();
        if (run?.sending || Object.keys(fieldIssues(form)).length > 0) return;
        set({ run: { sending: true, sent: null, exchange: null, error: null } });
        let sent: SignatureTrace;
        try {
          sent = await sign(form);
        } catch (e) {
          return set({ run: { sending: false, sent: null, exchange: null, error: bridgeErrorOf(e) } });
        }
        const options = profile ? transportOf(profile) : undefined;
        // The host records the exchange; its verdict (the status, the provider's words) is this page's.
        const record = historyRecord(random, { profileId: form.profileId ?? '', flow: 'signer', leg: 'request' });
        const r = await bridge.httpSend({ request: sent.request, ...(options ? { options } : {}), record });
        // A nonce is single-use (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3)): the next send gets a fresh one, unless the user changed it meanwhile.
        if (get().form.nonce === form.nonce) edit(fresh());
        if (!r.ok) return set({ run: { sending: false, sent, exchange: null, error: r.error } });
        set({ run: { sending: false, sent, exchange: r.value, error: null } });
        // A saved token the server refused itself (token_revoked, interface §3) is marked so, in the list and the store.
        const chosen = get().tokens.find((t) => t.token === form.token && t.tokenSecret === form.tokenSecret);
        if (chosen && chosen.refused !== 'revoked' && oauth1Flow.refusesToken(r.value.response)) {
          const marked = { ...chosen, refused: 'revoked' as const };
          void bridge.tokenSave({ token: marked });
          set({ tokens: get().tokens.map((t) => (t.id === chosen.id ? marked : t)) });
        }
      },
    };
  });
}
