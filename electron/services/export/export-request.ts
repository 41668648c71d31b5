import type { RawRequest } from '../../../shared/http';
import { traceSignature, type SignatureInput } from '../../../shared/oauth1';
import { nodeCrypto } from '../node-crypto';
import { checkHeaderFields, InvalidRequest } from '../transport';
import { toHar, toHarRequest, UNSENT_RESPONSE, type HarInput } from './har';
import { httpFileOf, oauth2HttpFile } from './http-file';
import { oauth1Code } from './oauth1-model';
import { javaOAuth1 } from './oauth1-java';
import { nodeOAuth1 } from './oauth1-node';
import { pythonOAuth1 } from './oauth1-python';
import { accessTokenOf, oauth2Code } from './oauth2-model';
import { nodeOAuth2 } from './oauth2-node';
import { pythonOAuth2 } from './oauth2-python';
import { oauth1Auth, oauth2Auth, postmanCollection } from './postman';
import { rawHttp } from './raw-http';
import { oauthParam, slugOf } from './request-params';
import { Secrets } from './secrets';
import { singleUseNote, withLeadingComment } from './single-use';
import { isSnippetTarget, snippetOf } from './snapshot';
import { pathNotes } from './snapshot-path';
import { findTarget, type ExportTarget } from './targets';
import { ExportError, type ExportInput, type ExportResult, type ExportSource, type KnownSecret, type RecordedExchange } from './types';

/** The exact request of a source; an OAuth 1.0a one without it is signed now, with the input's nonce and timestamp. */
function exactRequest(source: ExportSource): RawRequest {
  if (source.kind !== 'oauth1' || source.request) return source.request!;
  return traceSignature(source.signing, nodeCrypto).request;
}

/** The secret values a source holds, so they are also caught where no protocol rule names them. */
function sourceSecrets(source: ExportSource): KnownSecret[] {
  const all: [KnownSecret['name'], string | null | undefined][] =
    source.kind === 'oauth1' ? [['consumer_secret', source.signing.consumerSecret], ['token_secret', source.signing.tokenSecret], ['private_key', source.signing.privateKeyPem]]
    : source.kind === 'oauth2' ? [['client_secret', source.clientSecret], ['refresh_token', source.refreshToken], ['access_token', source.accessToken]]
    : [];
  return all.filter((e): e is [KnownSecret['name'], string] => !!e[1]).map(([name, value]) => ({ name, value }));
}

/**
 * Exports refuse what the transport refuses to send: a header that would split the request. The realm is checked
 * apart, as signing code and collections write it into the Authorization header themselves.
 */
function refuseHeaderInjection(exact: RawRequest, source: ExportSource): void {
  const realm = source.kind === 'oauth1' ? source.signing.realm : null;
  const check = (headers: RawRequest['headers'], lead: string) => {
    try {
      checkHeaderFields(headers);
    } catch (e) {
      if (e instanceof InvalidRequest) throw new ExportError('invalid_request', `Nothing was exported: ${lead}${e.message}`);
      throw e;
    }
  };
  if (realm) check([['Authorization', realm]], `the realm ${JSON.stringify(realm)} goes into the Authorization header. `);
  check(exact.headers, '');
}

/** The request before signing: Postman signs it again on every send, so no oauth_* parameter may be in it. */
function unsigned(s: SignatureInput): RawRequest {
  return { method: s.method.trim().toUpperCase(), url: s.url, headers: s.body !== undefined && s.contentType ? [['Content-Type', s.contentType]] : [], ...(s.body !== undefined ? { body: s.body } : {}) };
}

/** `POST /api/v1/me`: the query is left out, as it may carry a PLAINTEXT signature or a token. */
const titleOf = (r: RawRequest) => `${r.method} ${r.url.replace(/^[a-z]+:\/\/[^/?#]*/i, '').split(/[?#]/)[0] || '/'}`;

function filenameOf(target: ExportTarget, r: RawRequest): string {
  if (target.id === 'java') return 'OAuthLabRequest.java'; // the public class's name (javac insists)
  if (target.id === 'java-oauth1') return 'SignedRequest.java';
  return `${slugOf(r)}${target.extension}`;
}

/**
 * The one entry point for the UI (export menu) and `oauth-lab sign --format`: the chosen target's text, its file
 * name and media type, the placeholders left for the user, and notes to show beside the preview.
 */
export function exportRequest(input: ExportInput): ExportResult {
  const { source } = input;
  const target = findTarget(input.target, source.kind);
  const secrets = new Secrets(!!input.includeSecrets, target.kind === 'collection' ? 'template' : 'code', [...sourceSecrets(source), ...(input.secrets ?? [])]);
  const exact = exactRequest(source);
  refuseHeaderInjection(exact, source);
  // Redacted only where used, so the placeholders listed are the ones in the text.
  let redacted: RawRequest | undefined;
  const request = () => (redacted ??= secrets.request(exact));
  const notes: string[] = [];
  // From what the request carries, not where it was exported from: History exports signed requests as plain ones.
  const singleUse = singleUseNote(exact);
  let text: string;

  if (isSnippetTarget(target.id)) {
    text = withLeadingComment(snippetOf(target.id, request()), target.language, singleUse ?? []);
    if (singleUse) notes.push(singleUse.join(' '));
    notes.push(...pathNotes(target.id, exact.url, oauthParam(exact, 'oauth_signature') !== undefined));
  } else if (target.id === 'raw-http') {
    text = rawHttp(request());
    // Raw HTTP has no comment syntax: the single-use warning goes beside it.
    if (singleUse) notes.push(singleUse.join(' '));
  } else if (target.id === 'python-oauth1' || target.id === 'node-oauth1' || target.id === 'java-oauth1') {
    if (source.kind !== 'oauth1') throw new ExportError('wrong_source', `${target.label} needs an OAuth 1.0a request.`);
    const code = oauth1Code(source.signing, secrets, target.label);
    text = target.id === 'python-oauth1' ? pythonOAuth1(code) : target.id === 'node-oauth1' ? nodeOAuth1(code) : javaOAuth1(code);
    if (target.id === 'python-oauth1' && !code.includeVersion) notes.push('requests-oauthlib always sends oauth_version="1.0", which RFC 5849 §3.1 allows; servers accept it.');
  } else if (target.id === 'python-oauth2' || target.id === 'node-oauth2') {
    if (source.kind !== 'oauth2') throw new ExportError('wrong_source', `${target.label} needs an OAuth 2 bearer request.`);
    const code = oauth2Code({ ...source, request: request() }, secrets);
    text = target.id === 'python-oauth2' ? pythonOAuth2(code) : nodeOAuth2(code);
    if (!code.refresh) notes.push('No refresh token or token endpoint was given, so the code cannot refresh the access token.');
  } else if (target.id === 'postman') {
    const auth = source.kind === 'oauth1' ? oauth1Auth(source.signing, secrets) : source.kind === 'oauth2' ? oauth2Auth(source, secrets.value('access_token', accessTokenOf(source)), secrets) : ({ type: 'noauth' } as const);
    const description = source.kind === 'oauth1' ? 'Postman signs this request itself from the OAuth 1.0 settings (fresh nonce and timestamp on every send).' : source.kind === 'oauth2' ? 'The access token is in the OAuth 2.0 settings; "Get New Access Token" there runs the authorization code flow.' : 'Exported by OAuth Lab.';
    text = postmanCollection({ name: titleOf(exact), request: source.kind === 'oauth1' ? unsigned(source.signing) : request(), auth, secrets, description });
  } else if (target.id === 'http-file') {
    if (source.kind === 'oauth2') {
      const code = oauth2Code({ ...source, request: request() }, secrets);
      text = oauth2HttpFile(code, titleOf(exact), secrets.include && code.refresh ? { refreshToken: source.refreshToken ?? '', clientSecret: source.clientSecret ?? '' } : null);
    } else {
      const lead = [`${titleOf(exact)}. Exported by OAuth Lab for VS Code REST Client and JetBrains HTTP Client.`, ...(singleUse ? ['Neither client signs OAuth 1.0a requests: this is the signed request as it is.', ...singleUse] : [])];
      text = httpFileOf(request(), titleOf(exact), lead, secrets.placeholders);
      if (singleUse) notes.push(singleUse.join(' '));
    }
  } else {
    text = harText(input.exchange ? [{ exchange: secretsExchange(input.exchange, secrets) }] : null, request(), input.appVersion);
  }

  if (secrets.placeholders.length) notes.push(`Secrets are left out; fill in ${secrets.placeholders.join(', ')}.`);
  return { target: target.id, filename: filenameOf(target, exact), mediaType: target.mediaType, text, secretsIncluded: secrets.include, placeholders: secrets.placeholders, notes };
}

function secretsExchange(e: RecordedExchange, secrets: Secrets): RecordedExchange {
  return { ...e, request: secrets.request(e.request), response: secrets.response(e.response) };
}

/** One request as HAR: its exchange when it was sent, else the request with an unsent response (status 0). */
function harText(entries: HarInput[] | null, request: RawRequest, appVersion?: string): string {
  const har = entries
    ? toHar(entries, { ...(appVersion ? { appVersion } : {}) })
    : { log: { version: '1.2' as const, creator: { name: 'OAuth Lab', version: appVersion ?? 'unknown' }, entries: [{ startedDateTime: new Date().toISOString(), time: 0, request: toHarRequest(request), response: UNSENT_RESPONSE, cache: {}, timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 0, receive: 0 } }] } };
  return `${JSON.stringify(har, null, 2)}\n`;
}

/** The history (or any list of exchanges) as one HAR file, secrets left out unless included. */
export function exportHar(options: { readonly entries: readonly HarInput[]; readonly includeSecrets?: boolean; readonly secrets?: readonly KnownSecret[]; readonly appVersion?: string; readonly filename?: string }): ExportResult {
  const secrets = new Secrets(!!options.includeSecrets, 'code', options.secrets ?? []);
  const entries = options.entries.map((e) => ('exchange' in e ? { exchange: secretsExchange(e.exchange, secrets), ...(e.comment ? { comment: e.comment } : {}) } : { exchange: secretsExchange(e, secrets) }));
  const text = `${JSON.stringify(toHar(entries, { ...(options.appVersion ? { appVersion: options.appVersion } : {}) }), null, 2)}\n`;
  const notes = secrets.placeholders.length ? [`Secrets are left out; they read ${secrets.placeholders.join(', ')}.`] : [];
  return { target: 'har', filename: options.filename ?? 'oauth-lab-history.har', mediaType: 'application/json', text, secretsIncluded: secrets.include, placeholders: secrets.placeholders, notes };
}
