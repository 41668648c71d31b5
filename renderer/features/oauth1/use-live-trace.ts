import { useEffect, useMemo, useState } from 'react';
import { ProtocolError } from '../../../shared/errors';
import { traceSignature, type SignatureTrace } from '../../../shared/oauth1';
import { useDeps } from '../../app/stores';
import type { OAuth1Draft } from '../../state/oauth1/oauth1-drafts';
import { useHostTrace } from '../../state/oauth1/host-trace-store';

export type LiveTrace =
  | { readonly trace: SignatureTrace; readonly error: null }
  | { readonly trace: null; readonly error: { readonly step: string; readonly message: string } }
  | { readonly trace: null; readonly error: null };

/**
 * The signature trace of the draft as the user types: computed in the page for HMAC and PLAINTEXT, by the host for
 * RSA (the private key never meets the page's crypto). A bad value names the step that failed.
 */
export function useLiveTrace(draft: OAuth1Draft | undefined): LiveTrace {
  const { crypto } = useDeps();
  const traceInHost = useHostTrace((s) => s.traceInHost);
  const rsa = !!draft?.signatureMethod.startsWith('RSA-');
  const local = useMemo((): LiveTrace => {
    if (!draft || rsa) return { trace: null, error: null };
    try {
      return { trace: traceSignature(draft, crypto), error: null };
    } catch (e) {
      return {
        trace: null,
        error: { step: e instanceof ProtocolError ? e.step : 'signature', message: (e as Error).message },
      };
    }
  }, [draft, rsa, crypto]);
  const [remote, setRemote] = useState<LiveTrace>({ trace: null, error: null });
  useEffect(() => {
    if (!draft || !rsa) return;
    let live = true;
    void traceInHost(draft).then((r) => {
      if (live)
        setRemote(
          r.ok
            ? { trace: r.value, error: null }
            : { trace: null, error: { step: String(r.error.details?.step ?? 'signature'), message: r.error.message } }
        );
    });
    return () => {
      live = false;
    };
  }, [draft, rsa, traceInHost]);
  return rsa ? remote : local;
}
