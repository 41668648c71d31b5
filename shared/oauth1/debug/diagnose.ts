import { ProtocolError } from '../../errors';
import type { RawRequest } from '../../http';
import type { CryptoPort } from '../../ports';
import type { ParamSource } from '../parameters';
import { isRsaMethod, type SignatureMethod } from '../signing';
import { traceSignature, type SignatureTrace } from '../trace';
import { parseBaseString } from './base-string-parse';
import { finding, groupByCause, type CauseGroup, type Finding } from './causes';
import { attribute, attributionSentence, type LibraryAttribution } from './attribution';
import { diffStrings, firstDifference, type DiffSegment } from './char-diff';
import { compareBaseStringParts } from './compare';
import { baseStringBuilder } from './base-string-builder';
import { computeSignature, rfcSigner, signs, type Keys } from './pipeline';
import { libraryWarnings } from './library-behaviours';
import { readReceivedRequest, type ReceivedRequest } from './received';
import type { DebugRequest } from './request';
import { reproduceSignature, type Reproduction } from './reproduce';
import { resignRequest, traceInput } from './resign';
import { wrongSecretFindings } from './secret-mistakes';
import { serverAttribution } from './server-behaviours';

export interface DiagnoseInput {
  /** With the scheme it was assumed to have, when it was (a raw request): see ReceivedRequest.schemeAssumed. */
  readonly request: RawRequest & Pick<DebugRequest, 'assumedScheme'>;
  /** May be empty; null or absent when unknown (then HMAC and PLAINTEXT cannot be verified). */
  readonly consumerSecret?: string | null;
  readonly tokenSecret?: string | null;
  /** The consumer's RSA public key (PEM), to verify RSA-* signatures (§3.4.3). */
  readonly rsaPublicKeyPem?: string | null;
  /** A base string the server printed; it becomes the reference the signature is checked against. */
  readonly serverBaseString?: string | null;
  /** A base string the client printed (a library's debug log). */
  readonly clientBaseString?: string | null;
}

/** `unverified`: without the secrets (or, for RSA, the public key) no signature can be checked. */
export type Verdict = 'match' | 'mismatch' | 'unverified';

export interface BaseStringView {
  readonly label: string;
  readonly text: string;
}

/** Two base strings one above the other: the one signed on top, the reference below, differences and causes. */
export interface Comparison {
  readonly top: BaseStringView;
  readonly bottom: BaseStringView;
  readonly same: boolean;
  readonly segments: readonly DiffSegment[];
  readonly firstDifference: number | null;
  readonly findings: readonly Finding[];
}

export interface Diagnosis {
  readonly verdict: Verdict;
  readonly summary: string;
  readonly signatureMethod: SignatureMethod;
  readonly placement: ParamSource;
  readonly receivedSignature: string;
  /** OAuth Lab's signature for this request with these secrets; null for RSA or without secrets. */
  readonly expectedSignature: string | null;
  /** OAuth Lab's base string for the request (RFC 5849 §3.4.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1)). */
  readonly baseString: string;
  readonly serverBaseString: string | null;
  readonly clientBaseString: string | null;
  /** The request re-signed by OAuth Lab: only oauth_signature differs. Null when it cannot be computed. */
  readonly resigned: RawRequest | null;
  /** Every intermediate of OAuth Lab's computation (traceSignature), for a step-by-step view. */
  readonly trace: SignatureTrace | null;
  readonly reproductions: readonly Reproduction[];
  readonly comparisons: readonly Comparison[];
  readonly causes: readonly CauseGroup[];
  readonly warnings: readonly Finding[];
  /** The known library behaviours that reproduce the signature, and the libraries that sign this way. */
  readonly libraries: LibraryAttribution;
  /** The known library behaviours that give the server's base string, when it is not the RFC's. */
  readonly serverLibraries: LibraryAttribution;
  readonly received: ReceivedRequest;
}

const OURS = 'OAuth Lab (RFC 5849)';

function compare(top: BaseStringView, bottom: BaseStringView, r: ReceivedRequest): Comparison {
  const segments = diffStrings(top.text, bottom.text);
  const same = top.text === bottom.text;
  return {
    top,
    bottom,
    same,
    segments,
    firstDifference: firstDifference(segments),
    findings: same ? [] : compareBaseStringParts(top.text, bottom.text, r),
  };
}

/**
 * Checks the signature a request carries and, when it is wrong, says why. OAuth Lab's base string is
 * the RFC's for the request as sent; a server's base string, when given, is the reference instead. A wrong
 * signature is explained by reproducing it (reproduceSignature), else by comparing the base strings at hand.
 */
export function diagnoseSignature(input: DiagnoseInput, crypto: CryptoPort): Diagnosis {
  const r = readReceivedRequest(input.request);
  const server = input.serverBaseString?.trim()
    ? parseBaseString(input.serverBaseString, 'server-base-string').text
    : null;
  const client = input.clientBaseString?.trim()
    ? parseBaseString(input.clientBaseString, 'client-base-string').text
    : null;
  const keys: Keys = {
    consumerSecret: input.consumerSecret ?? null,
    tokenSecret: input.tokenSecret ?? null,
    rsaPublicKeyPem: input.rsaPublicKeyPem?.trim() || null,
  };
  const method = r.signatureMethod;
  const rsa = isRsaMethod(method);
  const builder = baseStringBuilder(r);
  const ours = builder.rfc;
  const reference = server ?? ours;
  const canVerify = rsa ? keys.rsaPublicKeyPem !== null : keys.consumerSecret !== null;
  const right = rfcSigner(keys, method);
  const ok = (base: string) => canVerify && signs(r.signature, base, right, keys, crypto);
  const verdict = !canVerify ? 'unverified' : ok(reference) ? 'match' : 'mismatch';

  let reproductions: Reproduction[] = [];
  let signed: BaseStringView | null = null;
  if (verdict === 'match') signed = { label: server ? "server's, signed by your client" : OURS, text: reference };
  else if (canVerify && ok(ours)) signed = { label: "signed by your client (the RFC's)", text: ours };
  else if (client)
    signed = { label: ok(client) ? "your client's (signs the request)" : "your client's (as given)", text: client };
  else if (canVerify) {
    reproductions = reproduceSignature(r, keys, crypto, builder);
    if (reproductions[0]) signed = { label: "your client's (reproduced)", text: reproductions[0].baseString };
  }

  const refView: BaseStringView = { label: server ? "server's" : OURS, text: reference };
  const comparisons: Comparison[] = [];
  if (signed) comparisons.push(compare(signed, refView, r));
  if (server && server !== ours && signed?.text !== ours)
    comparisons.push(compare({ label: OURS, text: ours }, refView, r));
  // Nothing else to show: OAuth Lab's base string alone (or beside the server's, when they are the same).
  if (!comparisons.length) comparisons.push(compare({ label: OURS, text: ours }, refView, r));

  const found: Finding[] = [];
  if (verdict !== 'match') {
    for (const rep of reproductions) found.push(...rep.mistakes);
    if (!reproductions.length) for (const c of comparisons) found.push(...c.findings);
    if (verdict === 'mismatch' && !found.length) {
      // The base strings agree when the one signed (or, with nothing reproduced, the server's) is the reference.
      const agree = signed !== null ? comparisons[0]?.same : server !== null && server === ours;
      const keyOnly = method === 'PLAINTEXT' || agree;
      const secrets = keyOnly ? wrongSecretFindings(r, keys) : [];
      found.push(
        ...(secrets.length
          ? secrets
          : [finding('unexplained', 'No known mistake, alone or with another, gives the signature sent.')])
      );
    }
  }
  const warnings = [...r.warnings, ...libraryWarnings(keys)];
  const libraries =
    verdict === 'match'
      ? attribute([])
      : attribute(reproductions.length ? reproductions.map((rep) => rep.mistakes) : [found]);
  const serverLibraries = server ? serverAttribution(r, keys, builder, server) : attribute([]);
  if (verdict === 'match' && server && server !== ours) warnings.push(...comparisons.flatMap((c) => c.findings));

  const expectedSignature = canVerify && !rsa ? computeSignature(ours, right, crypto) : null;
  return {
    verdict,
    summary:
      summarize(verdict, method, reproductions, found, !!server, verdict === 'mismatch' && ok(ours)) +
      attributionSentence(libraries, 'client') +
      attributionSentence(serverLibraries, 'server'),
    signatureMethod: method,
    placement: r.placement,
    receivedSignature: r.signature,
    expectedSignature,
    baseString: ours,
    serverBaseString: server,
    clientBaseString: client,
    resigned: expectedSignature !== null ? resignRequest(input.request, expectedSignature) : null,
    trace: safeTrace(r, keys, ours, crypto),
    reproductions,
    comparisons,
    causes: groupByCause(found),
    warnings,
    libraries,
    serverLibraries,
    received: r,
  };
}

function safeTrace(r: ReceivedRequest, keys: Keys, ours: string, crypto: CryptoPort): SignatureTrace | null {
  try {
    const trace = traceSignature(traceInput(r, keys), crypto);
    // Parameters spread over several places are all signed here, but traceSignature takes them from one place.
    return trace.baseString === ours ? trace : null;
  } catch (e) {
    if (e instanceof ProtocolError) return null;
    throw e;
  }
}

const lower = (titles: readonly string[]) =>
  [...new Set(titles.map((t) => t[0]!.toLowerCase() + t.slice(1)))].join('; ');

function summarize(
  verdict: Verdict,
  method: SignatureMethod,
  reproductions: readonly Reproduction[],
  found: readonly Finding[],
  server: boolean,
  rfcOk: boolean
): string {
  const rsa = isRsaMethod(method);
  const base = `this request${server ? " and the server's base string" : ''}`;
  // RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3): an RSA signature is checked with the consumer's public key; no secret is involved.
  if (verdict === 'match')
    return rsa
      ? `The signature matches (${method}): the consumer's public key verifies it over the base string of ${base}.`
      : `The signature matches (${method}): OAuth Lab computes the same one from ${base} and these secrets.`;
  if (verdict === 'unverified') {
    return `The signature was not checked: give ${rsa ? "the consumer's RSA public key" : 'the consumer secret (and the token secret)'}.${found.length ? ` The base strings differ: ${lower(found.map((f) => f.title))}.` : ''}`;
  }
  if (rfcOk)
    return `The signature is right for the request as sent (RFC 5849), but the server's base string differs (${method}): ${lower(found.map((f) => f.title))}.`;
  if (reproductions.length)
    return `The signature does not match (${method}). Your client's signature is reproduced with: ${lower(reproductions[0]!.mistakes.map((m) => m.title))}.`;
  return `The signature does not match (${method}). ${found.length === 1 ? found[0]!.title : `The base strings differ: ${lower(found.map((f) => f.title))}`}.`;
}
