import { curlCommand } from '../curl-command';
import { expectedResource, sameResource, type MetadataSource } from '../mcp/resource-url';
import { finding, type AuditFinding } from './audit-result';
import type { FindingId } from './findings';
import { plainHttpMembers } from './plain-http';

/**
 * Protected resource metadata (RFC 9728) as the read-only audit read it, for a resource the issuer's metadata lists
 * (`protected_resources`, RFC 9728 §4) or one given with --resource: the document, or why it was not read.
 */
export type ResourceMetadataRead =
  | {
      readonly resource: string;
      readonly url: string;
      readonly source: MetadataSource;
      readonly document: Readonly<Record<string, unknown>>;
    }
  | { readonly resource: string; readonly url: string; readonly unread: string };

type DocumentRead = Extract<ResourceMetadataRead, { document: unknown }>;
type Judged = readonly [found: boolean, text: string];

const shown = (v: unknown) => JSON.stringify(v);

/** RFC 9728 §2's URLs a client follows or sends tokens to (resource, authorization_servers, jwks_uri). */
function insecureUrls(doc: Readonly<Record<string, unknown>>): Judged {
  const servers = Array.isArray(doc.authorization_servers) ? doc.authorization_servers : [];
  const members: [string, unknown][] = [
    ['resource', doc.resource],
    ...servers.map((s, i) => [`authorization_servers[${i}]`, s] as [string, unknown]),
    ['jwks_uri', doc.jwks_uri],
  ];
  return plainHttpMembers(members, 'resource, authorization_servers and jwks_uri are https (or http on loopback)');
}

/** RFC 9728 §3.3: the document names the resource it was read for, or a client must not use it. */
function resourceNamed(r: DocumentRead): Judged {
  const expected = expectedResource(r.resource, r.source);
  const named = r.document.resource;
  return typeof named === 'string' && sameResource(named, expected)
    ? [false, `resource ${shown(named)} is ${expected}, the resource it was read for (RFC 9728 §3.3)`]
    : [
        true,
        `resource ${named === undefined ? '(absent)' : shown(named)} is not ${expected}, the resource it was read for: RFC 9728 §3.3 says not to use the document (another resource's metadata could send the token elsewhere)`,
      ];
}

const JUDGES: readonly [FindingId, (r: DocumentRead) => Judged][] = [
  ['metadata-issuer-mismatch', resourceNamed],
  ['metadata-http-endpoint', (r) => insecureUrls(r.document)],
];

/**
 * The read-only findings with what the protected resource metadata adds to them: a line per document (and its curl),
 * found when one document shows the flaw.
 */
export function withResourceMetadata(
  findings: readonly AuditFinding[],
  reads: readonly ResourceMetadataRead[]
): AuditFinding[] {
  if (!reads.length) return [...findings];
  return findings.map((f) => {
    const judge = JUDGES.find(([id]) => id === f.id)?.[1];
    if (!judge || f.status === 'skipped') return f;
    let found = f.status === 'found';
    const lines = reads.flatMap((r) => {
      if ('unread' in r) return [`protected resource metadata of ${r.resource} (${r.url}) not read: ${r.unread}`];
      const [flaw, text] = judge(r);
      found ||= flaw;
      return [
        `${r.url} (protected resource metadata, RFC 9728): ${text}`,
        `reproduce: ${curlCommand({ method: 'GET', url: r.url, headers: [] }, true)}`,
      ];
    });
    return finding(f.id, found ? 'found' : 'not-found', [...f.evidence, ...lines]);
  });
}
