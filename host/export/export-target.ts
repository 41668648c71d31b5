import type { RawRequest } from '../../shared/http';
import type { PlaceholderStyle, Secrets } from './secrets';
import { ExportError, type ExportSource, type RecordedExchange } from './types';

/**
 * Kinds of export:
 * - `snapshot`: the exact request, as code (the OAuth 1.0a ones are single-use: their nonce and timestamp are fixed);
 * - `signing-code`: code that signs (OAuth 1.0a) or authorizes and refreshes (OAuth 2) each time it runs;
 * - `collection`: a file other HTTP clients open (Postman, VS Code REST Client / JetBrains HTTP Client);
 * - `har`: HTTP Archive 1.2.
 */
export type ExportKind = 'snapshot' | 'signing-code' | 'collection' | 'har';
export type SourceKind = ExportSource['kind'];

/** What a target's render function works from, prepared once by exportRequest for every target. */
export interface RenderInput {
  readonly target: ExportTarget;
  readonly source: ExportSource;
  /** The exact request, secrets in it: for titles and notes, never written out as it is. */
  readonly exact: RawRequest;
  /** The exact request with the secrets replaced unless included; redacted on first call, so the placeholders listed are the ones in the text. */
  readonly request: () => RawRequest;
  readonly secrets: Secrets;
  /** The single-use warning when the request carries a fixed OAuth 1.0a nonce or timestamp (single-use.ts). */
  readonly singleUse: readonly string[] | null;
  /** The response and timings of this request, when it was sent. */
  readonly exchange?: RecordedExchange;
  readonly appVersion?: string;
}

export interface Rendered {
  readonly text: string;
  /** What the user should know before using it, one sentence each. */
  readonly notes?: readonly string[];
}

/** One export target: what the menu and `oauth-lab sign --format` show, and the function that writes it. */
export interface ExportTarget {
  readonly id: string;
  readonly label: string;
  /** For syntax highlighting and the menu's grouping. */
  readonly language: string;
  readonly kind: ExportKind;
  /** File name ending, after the request's slug (e.g. `get-api-v1-me.py`). */
  readonly extension: string;
  /** A fixed file name instead, where the language insists on one (javac: the public class's name). */
  readonly filename?: string;
  readonly mediaType: string;
  /** The sources it can express. */
  readonly sources: readonly SourceKind[];
  /**
   * Every target can include the secrets when asked; left out, they become placeholders in this style: `code`
   * (`YOUR_CLIENT_SECRET`) or `template` (`{{client_secret}}`, a variable the collection's client fills in).
   */
  readonly secretPlaceholders: PlaceholderStyle;
  readonly render: (input: RenderInput) => Rendered;
}

export const ANY_SOURCE: readonly SourceKind[] = ['oauth1', 'oauth2', 'request'];

export const SOURCE_WORDS: Record<SourceKind, string> = {
  oauth1: 'an OAuth 1.0a request',
  oauth2: 'an OAuth 2 bearer request',
  request: 'a request without OAuth credentials',
};

/** The source as the kind a target needs (exportRequest checked the target's `sources` already). */
export function sourceOf<K extends SourceKind>(input: RenderInput, kind: K): Extract<ExportSource, { kind: K }> {
  if (input.source.kind !== kind)
    throw new ExportError('wrong_source', `${input.target.label} needs ${SOURCE_WORDS[kind]}.`);
  return input.source as Extract<ExportSource, { kind: K }>;
}

/** `POST /api/v1/me`: the query is left out, as it may carry a PLAINTEXT signature or a token. */
export const titleOf = (r: RawRequest): string =>
  `${r.method} ${r.url.replace(/^[a-z]+:\/\/[^/?#]*/i, '').split(/[?#]/)[0] || '/'}`;

/** The single-use warning as one note, for targets that show it beside the text. */
export const singleUseNotes = (input: RenderInput): string[] => (input.singleUse ? [input.singleUse.join(' ')] : []);
