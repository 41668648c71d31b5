import type { ResourceMetadataRead } from '../../shared/audit/resource-metadata-findings';
import { parseChallenges, tokenChallenge } from '../../shared/mcp/challenge';
import { protectedResourceMetadataUrls } from '../../shared/mcp/discovery-urls';
import type { JsonGetter } from '../../shared/oidc/json-document';
import type { AuditSender } from './audit-sender';

interface Located {
  readonly resource: string;
  readonly url: string;
  readonly source: 'challenge' | 'path-inserted';
}

/** RFC 9728 §3.1: the well-known URL with the resource's path inserted. */
const wellKnown = (resource: string): Located => ({
  resource,
  url: protectedResourceMetadataUrls(resource)[0]!,
  source: 'path-inserted',
});

/**
 * A resource given with --resource, asked without a token: its 401 challenge's resource_metadata (RFC 9728 §5.1)
 * when it names one, else the well-known URL.
 */
async function locate(resource: string, sender: AuditSender): Promise<Located> {
  const r = await sender.send({ method: 'GET', url: resource, headers: [] });
  const challenge = tokenChallenge(
    parseChallenges(r.headers.filter(([n]) => n.toLowerCase() === 'www-authenticate').map(([, v]) => v))
  );
  const linked = r.status === 401 ? challenge?.params.resource_metadata : undefined;
  return linked ? { resource, url: new URL(linked, resource).href, source: 'challenge' } : wellKnown(resource);
}

/**
 * The protected resource metadata the read-only audit reads, each GET through the audit's sender (counted, the
 * issuer's host only): for each resource the issuer's metadata lists in `protected_resources` (RFC 9728 §4) and each
 * given. What cannot be read is kept with the reason.
 */
export async function readResourceMetadata(
  metadata: Readonly<Record<string, unknown>>,
  given: readonly string[],
  sender: AuditSender,
  getJson: JsonGetter
): Promise<ResourceMetadataRead[]> {
  const listed = Array.isArray(metadata.protected_resources)
    ? metadata.protected_resources.filter((r): r is string => typeof r === 'string')
    : [];
  const reads: ResourceMetadataRead[] = [];
  const seen = new Set<string>();
  for (const [resource, linkedBy] of [
    ...listed.map((r) => [r, 'metadata'] as const),
    ...given.map((r) => [r, 'given'] as const),
  ]) {
    let at: Located | null = null;
    try {
      at = linkedBy === 'given' ? await locate(resource, sender) : wellKnown(resource);
      if (seen.has(at.url)) continue;
      seen.add(at.url);
      const body = (await getJson(at.url)).body;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        reads.push({ resource, url: at.url, unread: 'not a JSON object (RFC 9728 §3.2)' });
      else reads.push({ ...at, document: body as Readonly<Record<string, unknown>> });
    } catch (e) {
      reads.push({ resource, url: at?.url ?? resource, unread: (e as Error).message });
    }
  }
  return reads;
}
