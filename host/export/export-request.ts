import type { RawRequest } from '../../shared/http';
import { traceSignature } from '../../shared/oauth1';
import { nodeCrypto } from '../../platform/node/node-crypto';
import { checkHeaderFields, InvalidRequest } from '../../platform/node/transport';
import { wireUrl } from './har';
import { slugOf } from './request-params';
import { Secrets } from './secrets';
import { singleUseNote } from './single-use';
import { findTarget } from './targets';
import { ExportError, type ExportInput, type ExportResult, type ExportSource, type KnownSecret } from './types';

/** The exact request of a source; an OAuth 1.0a one without it is signed now, with the input's nonce and timestamp. */
function exactRequest(source: ExportSource): RawRequest {
  if (source.kind !== 'oauth1' || source.request) return source.request!;
  return traceSignature(source.signing, nodeCrypto).request;
}

/** The secret values a source holds, so they are also caught where no protocol rule names them. */
function sourceSecrets(source: ExportSource): KnownSecret[] {
  const all: [KnownSecret['name'], string | null | undefined][] =
    source.kind === 'oauth1'
      ? [
          ['consumer_secret', source.signing.consumerSecret],
          ['token_secret', source.signing.tokenSecret],
          ['private_key', source.signing.privateKeyPem],
        ]
      : source.kind === 'oauth2'
        ? [
            ['client_secret', source.clientSecret],
            ['refresh_token', source.refreshToken],
            ['access_token', source.accessToken],
            ['private_key', source.clientKey?.privateKeyPem],
          ]
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
      if (e instanceof InvalidRequest)
        throw new ExportError('invalid_request', `Nothing was exported: ${lead}${e.message}`);
      throw e;
    }
  };
  if (realm)
    check([['Authorization', realm]], `the realm ${JSON.stringify(realm)} goes into the Authorization header. `);
  check(exact.headers, '');
}

/**
 * The one entry point for the UI (export menu) and `oauth-lab sign --format`: the chosen target's text, its file
 * name and media type, the placeholders left for the user, and notes to show beside the preview.
 */
export function exportRequest(input: ExportInput): ExportResult {
  const { source } = input;
  const target = findTarget(input.target, source.kind);
  const secrets = new Secrets(!!input.includeSecrets, target.secretPlaceholders, [
    ...sourceSecrets(source),
    ...(input.secrets ?? []),
  ]);
  const exact = exactRequest(source);
  refuseHeaderInjection(exact, source);
  // Every target writes the URL the request was signed over and sent with (the path's `'`, `[`, `]` percent-encoded,
  // shared/url.ts), not the one typed: a server signs the path as it receives it (RFC 5849 §3.4.1.2). Redacted only
  // where used, so the placeholders listed are the ones in the text.
  const sent: RawRequest = { ...exact, url: wireUrl(exact.url) };
  let redacted: RawRequest | undefined;
  const request = () => (redacted ??= secrets.request(sent));
  // The single-use warning from what the request carries, not where it was exported from: History exports signed
  // requests as plain ones.
  const singleUse = singleUseNote(exact);
  const rendered = target.render({
    target,
    source,
    exact,
    request,
    secrets,
    singleUse,
    ...(input.exchange ? { exchange: input.exchange } : {}),
    ...(input.appVersion ? { appVersion: input.appVersion } : {}),
  });
  const notes = [
    ...(rendered.notes ?? []),
    ...(secrets.placeholders.length ? [`Secrets are left out; fill in ${secrets.placeholders.join(', ')}.`] : []),
  ];
  return {
    target: target.id,
    filename: target.filename ?? `${slugOf(exact)}${target.extension}`,
    mediaType: target.mediaType,
    text: rendered.text,
    secretsIncluded: secrets.include,
    placeholders: secrets.placeholders,
    notes,
  };
}
