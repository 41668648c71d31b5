import type { BridgeApi } from '../../../shared/bridge/api';
import type { BridgeResult } from '../../../shared/bridge/result';
import { RSA_VERIFY_LIMITS } from '../../../shared/bridge/schemas/rsa-verify';
import { base64Encode } from '../../../shared/encoding/base64';
import { RSA_SIGNATURE_METHODS, SIGNATURE_HASH } from '../../../shared/oauth1/signing';
import type { CryptoPort, HashAlgorithm } from '../../../shared/ports';
import { runDiagnosis, type DebugInputs, type DebugResult } from '../../features/debugger/run-diagnosis';

/**
 * RSA signatures in the page (RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3)). The page's crypto has no RSA and the diagnosis is synchronous, so it
 * runs twice. Pass 1 answers every RSA check "no" and records what it asked: matching nothing, it tries every
 * candidate, so it asks whatever pass 2 can. The host checks them all (bridge rsaVerify); pass 2 answers from that.
 */
type RsaMethod = (typeof RSA_SIGNATURE_METHODS)[number];
/** The bridge names the method; the crypto port is asked by hash: the one table read backwards. */
const METHOD = Object.fromEntries(RSA_SIGNATURE_METHODS.map((m) => [SIGNATURE_HASH[m], m])) as Record<
  HashAlgorithm,
  RsaMethod
>;

/** The base strings asked about for one hash and one signature (a signature sent with + read as a space is tried both ways). */
interface Asked {
  readonly method: RsaMethod;
  readonly signature: string;
  readonly baseStrings: Set<string>;
}
/** By hash and signature: what pass 1 asked, and the base strings the host found signed (both structured-cloneable). */
export type AskedChecks = Map<string, Asked>;
export type Answers = Map<string, Set<string>>;

const keyOf = (hash: HashAlgorithm, signature: Uint8Array) => `${hash} ${base64Encode(signature)}`;

function recordingPort(crypto: CryptoPort, asked: AskedChecks): CryptoPort {
  return {
    ...crypto,
    rsaVerify(hash, _pem, data, signature) {
      // An empty signature signs nothing: RSASSA-PKCS1-v1_5's is as long as the modulus (RFC 3447 §8.2.2 (https://www.rfc-editor.org/rfc/rfc3447#section-8.2.2)).
      if (signature.length === 0) return false;
      const key = keyOf(hash, signature);
      const entry = asked.get(key) ?? {
        method: METHOD[hash],
        signature: base64Encode(signature),
        baseStrings: new Set<string>(),
      };
      entry.baseStrings.add(data);
      asked.set(key, entry);
      return false;
    },
  };
}

const answeringPort = (crypto: CryptoPort, answers: Answers): CryptoPort => ({
  ...crypto,
  rsaVerify: (hash, _pem, data, signature) => answers.get(keyOf(hash, signature))?.has(data) ?? false,
});

/** A call's base strings: at most the contract's count, and a few MiB, well under the web host's body limit. */
const CALL_CHARS = 4 * 1024 * 1024;

function batches(baseStrings: Iterable<string>): string[][] {
  const out: string[][] = [];
  let batch: string[] = [];
  let chars = 0;
  for (const b of baseStrings) {
    if (batch.length === RSA_VERIFY_LIMITS.baseStrings || (batch.length > 0 && chars + b.length > CALL_CHARS)) {
      out.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(b);
    chars += b.length;
  }
  if (batch.length) out.push(batch);
  return out;
}

/** Every check pass 1 asked, verified by the host; the first failure (bad key, host gone) answers for all. */
export async function verifyInHost(
  bridge: Pick<BridgeApi, 'rsaVerify'>,
  publicKeyPem: string,
  asked: AskedChecks
): Promise<BridgeResult<Answers>> {
  const calls = [...asked].flatMap(([key, a]) =>
    batches(a.baseStrings).map((baseStrings) => ({
      key,
      baseStrings,
      reply: bridge.rsaVerify({ method: a.method, publicKeyPem, signature: a.signature, baseStrings }),
    }))
  );
  const answers: Answers = new Map();
  for (const call of calls) {
    const r = await call.reply;
    if (!r.ok) return r;
    const signed = answers.get(call.key) ?? new Set<string>();
    call.baseStrings.forEach((b, i) => r.value.matches[i] && signed.add(b));
    answers.set(call.key, signed);
  }
  return { ok: true, value: answers };
}

/** Pass 1: the result at once (no RSA signature to verify), or the RSA checks the host must answer. */
export function firstPass(
  i: DebugInputs,
  crypto: CryptoPort
): { readonly result: DebugResult } | { readonly asked: AskedChecks } {
  const asked: AskedChecks = new Map();
  const result = runDiagnosis(i, recordingPort(crypto, asked));
  return asked.size === 0 ? { result } : { asked };
}

/** Pass 2, with the host's answers; or, when the host refused, the request unverified and the refusal by the key. */
export function secondPass(i: DebugInputs, crypto: CryptoPort, host: BridgeResult<Answers>): DebugResult {
  if (host.ok) return runDiagnosis(i, answeringPort(crypto, host.value));
  const keyless = runDiagnosis({ ...i, rsaPublicKey: '' }, crypto);
  return { ...keyless, errors: { ...keyless.errors, rsaPublicKey: host.error.message } };
}

/** A check's outcome: at once (no RSA signature to verify), or once the host has verified one. */
export type SignatureCheck = { readonly result: DebugResult } | { readonly later: Promise<DebugResult> };

/**
 * runDiagnosis for any request: HMAC and PLAINTEXT at once; RSA with a public key in two passes around one round of
 * host calls. When the host refuses (a key it cannot read, the host gone), the request is shown unverified and the
 * refusal by the key input.
 */
export function checkSignature(
  i: DebugInputs,
  crypto: CryptoPort,
  bridge: Pick<BridgeApi, 'rsaVerify'>
): SignatureCheck {
  const first = firstPass(i, crypto);
  if ('result' in first) return first;
  return {
    later: verifyInHost(bridge, i.rsaPublicKey.trim(), first.asked).then((host) => secondPass(i, crypto, host)),
  };
}
