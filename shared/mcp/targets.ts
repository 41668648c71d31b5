import { addressKind } from '../address-kind';
import { check, warning, type Check } from '../check';
import { secureUrl } from '../oidc/discovery';
import { authorityOf, parseHttpUrl } from '../url';

/**
 * Where the MCP client lets a server send it. Every URL it uses besides the one the user named is the server's
 * choice (the challenge's resource_metadata, the protected resource's authorization_servers, the authorization
 * server's endpoints), so each is said with where it came from and checked before use: the authorization server's
 * URLs must be https (MCP 2025-11-25 "Communication Security"; loopback excepted, as discovery does), and none may
 * reach a loopback, private or link-local address other than the named server's origin (server-side request
 * forgery against the user's own machine or network). The user lifts either rule explicitly.
 */
export interface TargetPolicy {
  /** oauth-lab mcp --allow-insecure-http, the MCP page's "Allow plain http". */
  readonly allowInsecureHttp: boolean;
  /** oauth-lab mcp --allow-private-targets, the MCP page's "Allow private targets". */
  readonly allowPrivateTargets: boolean;
}

export const STRICT_TARGETS: TargetPolicy = { allowInsecureHttp: false, allowPrivateTargets: false };

/** A URL the server chose: what it is (a metadata member's name), the URL, and where it came from. */
export interface ChosenUrl {
  readonly name: string;
  readonly url: string;
  readonly from: string;
}

const originOf = (url: string): string => {
  const u = parseHttpUrl(url, 'url');
  return `${u.scheme}://${authorityOf(u)}`;
};

/** The URL's provenance, and whether it may reach the user's own machine or network. */
export function privateTargetCheck(chosen: ChosenUrl, namedServer: string, policy: TargetPolicy): Check {
  const said = `${chosen.name} ${chosen.url} comes from ${chosen.from}`;
  let origin: string;
  let kind;
  try {
    origin = originOf(chosen.url);
    kind = addressKind(parseHttpUrl(chosen.url, 'url').host);
  } catch (e) {
    return check('target', false, '', `${said}: ${(e as Error).message}`);
  }
  const named = originOf(namedServer);
  if (origin === named) return check('target', true, `${said}: the origin of the MCP server you named.`, '');
  if (!kind) return check('target', true, `${said}.`, '');
  if (policy.allowPrivateTargets)
    return warning('target', `${said}: a ${kind} address the server chose, used because private targets are allowed.`);
  return check(
    'target',
    false,
    '',
    `${said}: a ${kind} address other than the origin of the MCP server you named (${named}). A server may not send this client to your own machine or network; allow private targets (oauth-lab mcp --allow-private-targets, or the MCP page's switch) only for a setup you trust.`
  );
}

/**
 * The enterprise IdP's token endpoint of the ID-JAG grant, given by the user: the id_token and the IdP client's
 * secret go there, so it is held to the authorization server's rule (https, loopback excepted: secureUrl), lifted by
 * the same choice. Why it may not be used, to follow its name; null when it may.
 */
export function idpTokenEndpointRefusal(url: string, allowInsecureHttp: boolean): string | null {
  if (secureUrl('IdP token endpoint', url, allowInsecureHttp)!.ok) return null;
  return `must be an https URL (http only on 127.0.0.1, localhost or [::1]); got ${JSON.stringify(url)}: the id_token and the IdP client's secret would travel in cleartext.`;
}

/**
 * An authorization server's URL: https (the words of `oauth-lab discover`'s check, with the way to lift it) and no
 * private target the user did not name.
 */
export function authorizationServerUrlChecks(chosen: ChosenUrl, namedServer: string, policy: TargetPolicy): Check[] {
  const secure = secureUrl(chosen.name, chosen.url, policy.allowInsecureHttp)!;
  const https = secure.ok
    ? secure
    : {
        ...secure,
        message: `${secure.message} The MCP specification requires https for every authorization server endpoint; allow plain http (oauth-lab mcp --allow-insecure-http, or the MCP page's switch) only for a test server you trust.`,
      };
  return [https, privateTargetCheck(chosen, namedServer, policy)];
}
