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
import { baseStringBuilder, type BaseStringBuilder } from './base-string-builder';
import { computeSignature, rfcSigner, signs, type Keys } from './pipeline';
import { libraryWarnings } from './library-behaviours';
import { readReceivedRequest, type ReceivedRequest } from './received';
import type { DebugRequest } from './request';
import { reproduceSignature } from './reproduce';
import type { Reproduction } from './reproduction-search';
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

/** What the diagnosis works from: the request as received, the base strings at hand, the keys and the verdict. */
interface Evidence {
  readonly r: ReceivedRequest;
  readonly server: string | null;
  readonly client: string | null;
  readonly keys: Keys;
  readonly ours: string;
  readonly reference: string;
  readonly canVerify: boolean;
  /** The signature sent is the RFC's signature of this base string with these keys. */
  readonly signsAs: (base: string) => boolean;
  readonly verdict: Verdict;
}

function gatherEvidence(input: DiagnoseInput, r: ReceivedRequest, ours: string, crypto: CryptoPort): Evidence {
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
  const reference = server ?? ours;
  const canVerify = isRsaMethod(r.signatureMethod) ? keys.rsaPublicKeyPem !== null : keys.consumerSecret !== null;
  const right = rfcSigner(keys, r.signatureMethod);
  const signsAs = (base: string) => canVerify && signs(r.signature, base, right, keys, crypto);
  const verdict = !canVerify ? 'unverified' : signsAs(reference) ? 'match' : 'mismatch';
  return { r, server, client, keys, ours, reference, canVerify, signsAs, verdict };
}

/** The base string the client signed: the reference, the RFC's, the client's own, or one reproduced from mistakes. */
function whatWasSigned(
  e: Evidence,
  crypto: CryptoPort,
  builder: BaseStringBuilder
): { signed: BaseStringView | null; reproductions: Reproduction[] } {
  if (e.verdict === 'match')
    return {
      signed: { label: e.server ? "server's, signed by your client" : OURS, text: e.reference },
      reproductions: [],
    };
  if (e.canVerify && e.signsAs(e.ours))
    return { signed: { label: "signed by your client (the RFC's)", text: e.ours }, reproductions: [] };
  if (e.client) {
    const label = e.signsAs(e.client) ? "your client's (signs the request)" : "your client's (as given)";
    return { signed: { label, text: e.client }, reproductions: [] };
  }
  if (!e.canVerify) return { signed: null, reproductions: [] };
  const reproductions = reproduceSignature(e.r, e.keys, crypto, builder);
  const first = reproductions[0];
  return { signed: first ? { label: "your client's (reproduced)", text: first.baseString } : null, reproductions };
}

function comparisonsOf(e: Evidence, signed: BaseStringView | null): Comparison[] {
  const refView: BaseStringView = { label: e.server ? "server's" : OURS, text: e.reference };
  const comparisons: Comparison[] = [];
  if (signed) comparisons.push(compare(signed, refView, e.r));
  if (e.server && e.server !== e.ours && signed?.text !== e.ours)
    comparisons.push(compare({ label: OURS, text: e.ours }, refView, e.r));
  // Nothing else to show: OAuth Lab's base string alone (or beside the server's, when they are the same).
  if (!comparisons.length) comparisons.push(compare({ label: OURS, text: e.ours }, refView, e.r));
  return comparisons;
}

/** The mistakes found: the reproductions', else the comparisons', else a wrong secret or "unexplained". */
function findingsOf(
  e: Evidence,
  signed: BaseStringView | null,
  reproductions: readonly Reproduction[],
  comparisons: readonly Comparison[]
): Finding[] {
  if (e.verdict === 'match') return [];
  const found = reproductions.length
    ? reproductions.flatMap((rep) => rep.mistakes)
    : comparisons.flatMap((c) => c.findings);
  if (e.verdict !== 'mismatch' || found.length) return found;
  // The base strings agree when the one signed (or, with nothing reproduced, the server's) is the reference.
  const agree = signed !== null ? comparisons[0]?.same : e.server !== null && e.server === e.ours;
  const secrets = e.r.signatureMethod === 'PLAINTEXT' || agree ? wrongSecretFindings(e.r, e.keys) : [];
  return secrets.length
    ? secrets
    : [finding('unexplained', 'No known mistake, alone or with another, gives the signature sent.')];
}

/**
 * Checks the signature a request carries and, when it is wrong, says why. OAuth Lab's base string is
 * the RFC's for the request as sent; a server's base string, when given, is the reference instead. A wrong
 * signature is explained by reproducing it (reproduceSignature), else by comparing the base strings at hand.
 */
export function diagnoseSignature(input: DiagnoseInput, crypto: CryptoPort): Diagnosis {
  const r = readReceivedRequest(input.request);
  const builder = baseStringBuilder(r);
  const e = gatherEvidence(input, r, builder.rfc, crypto);
  const { signed, reproductions } = whatWasSigned(e, crypto, builder);
  const comparisons = comparisonsOf(e, signed);
  const found = findingsOf(e, signed, reproductions, comparisons);
  const { verdict, server, ours, keys } = e;
  const warnings = [...r.warnings, ...libraryWarnings(keys)];
  const libraries =
    verdict === 'match'
      ? attribute([])
      : attribute(reproductions.length ? reproductions.map((rep) => rep.mistakes) : [found]);
  const serverLibraries = server ? serverAttribution(r, keys, builder, server) : attribute([]);
  if (verdict === 'match' && server && server !== ours) warnings.push(...comparisons.flatMap((c) => c.findings));
  const method = r.signatureMethod;
  const expectedSignature =
    e.canVerify && !isRsaMethod(method) ? computeSignature(ours, rfcSigner(keys, method), crypto) : null;
  return {
    verdict,
    summary:
      summarize(verdict, method, reproductions, found, !!server, verdict === 'mismatch' && e.signsAs(ours)) +
      attributionSentence(libraries, 'client') +
      attributionSentence(serverLibraries, 'server'),
    signatureMethod: method,
    placement: r.placement,
    receivedSignature: r.signature,
    expectedSignature,
    baseString: ours,
    serverBaseString: server,
    clientBaseString: e.client,
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
