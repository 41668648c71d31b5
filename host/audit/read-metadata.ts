import { metadataFindings } from '../../shared/audit/metadata-findings';
import { withResourceMetadata } from '../../shared/audit/resource-metadata-findings';
import type { AuditFinding } from '../../shared/audit/audit-result';
import { discoverIssuer, getJsonFollowingRedirects } from '../../shared/oidc';
import type { AuditSender } from './audit-sender';
import { readResourceMetadata } from './read-resource-metadata';

/** What the read-only part learnt: the findings, and the metadata the probes then use. */
export interface MetadataRead {
  readonly findings: AuditFinding[];
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** The issuer cannot be read: no metadata document at either well-known URL, or one that is not a JSON object. */
export class IssuerUnreadable extends Error {
  override readonly name = 'IssuerUnreadable';
}

const getJson = (sender: AuditSender) => (url: string) =>
  getJsonFollowingRedirects(url, (at) =>
    sender.send({ method: 'GET', url: at, headers: [['Accept', 'application/json']] })
  );

/**
 * Discovery (OpenID Connect first, then RFC 8414, shared/oidc), the JWK Set it names and the protected resource
 * metadata it lists or --resource gives (RFC 9728), through the audit's sender; a document whose issuer differs is
 * still read, as the finding metadata-issuer-mismatch.
 */
export async function readMetadata(
  issuer: string,
  sender: AuditSender,
  resources: readonly string[] = []
): Promise<MetadataRead> {
  const discovered = await discoverIssuer(issuer, getJson(sender));
  const doc = discovered.document;
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new IssuerUnreadable(
      doc === null
        ? discovered.checks.map((c) => c.message).join(' ')
        : `${discovered.url} is not a JSON object (RFC 8414 §3.2).`
    );
  const metadata = doc as Readonly<Record<string, unknown>>;
  const metadataUrl = discovered.redirects.at(-1)?.to ?? discovered.url;
  const jwksUri = metadata.jwks_uri;
  let jwks: { url: string; body: unknown } | { skipped: string };
  if (typeof jwksUri !== 'string') jwks = { skipped: `the metadata names no jwks_uri (${metadataUrl}).` };
  else
    try {
      jwks = { url: jwksUri, body: (await getJson(sender)(jwksUri)).body };
    } catch (e) {
      jwks = { skipped: `GET ${jwksUri}: ${(e as Error).message}` };
    }
  const findings = metadataFindings({ issuer, metadataUrl, document: metadata, jwks });
  const resourceReads = await readResourceMetadata(metadata, resources, sender, getJson(sender));
  return { findings: withResourceMetadata(findings, resourceReads), metadata };
}
