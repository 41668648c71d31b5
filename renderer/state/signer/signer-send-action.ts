import type { StoreApi } from 'zustand/vanilla';
import { BridgeFailure, bridgeErrorOf } from '../../../shared/bridge/result';
import { oauth1Flow } from '../../../shared/flows';
import { transportOf } from '../../../shared/flows/profile-config';
import { traceSignature, type SignatureTrace } from '../../../shared/oauth1';
import type { RendererDeps } from '../../app/deps';
import { historyRecord } from '../flow-records';
import { fieldIssues, isRsa, toDraft, type SignerForm } from '../../features/signer/signer-form';
import type { SignerState } from './signer-state';

/** The Request signer's Send: the form signed, sent through the host (which records it), a refused token marked. */
export function signerSendAction(
  { bridge, crypto, random }: RendererDeps,
  set: StoreApi<SignerState>['setState'],
  get: StoreApi<SignerState>['getState'],
  edit: (patch: Partial<SignerForm>) => void,
  fresh: () => Pick<SignerForm, 'nonce' | 'timestamp'>
): Pick<SignerState, 'requestSent'> {
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
}
