import { buildClientAssertion } from '../../../shared/oauth2/client-assertion';
import type { RandomPort } from '../../../shared/ports';
import { joseSigner } from '../../../platform/jose';
import { UsageError } from '../io';
import { readFileFlag } from '../read-file-flag';
import type { FlowReport } from './report';

/** The flags of an assertion `flow jwt-bearer` builds itself (RFC 7523 §2.1, §3), besides --private-key and --key-id. */
export const GRANT_ASSERTION_FLAGS = {
  iss: { type: 'string' },
  sub: { type: 'string' },
  aud: { type: 'string' },
  'service-account': { type: 'string' },
} as const;

type Flags = Readonly<Record<string, unknown>>;

/** What the assertion is made of: the key, its claims, and, from a service-account file, where it goes. */
export interface AssertionRecipe {
  readonly key: string;
  readonly kid: string | null;
  readonly alg: string | null;
  readonly iss: string;
  readonly sub: string;
  /** Null: the token endpoint's URL (RFC 7523 §3 item 3). */
  readonly aud: string | null;
  /** Google's JWT bearer flow: the scope in the assertion, not as a request parameter. */
  readonly scopeClaim: string | null;
  /** A service account's token_uri: the token endpoint when no other is named. */
  readonly tokenUrl: string | null;
  /** A service account's client_email: the client_id sent when --client-id names none. */
  readonly clientId: string | null;
}

const SERVICE_ACCOUNT_MEMBERS = ['client_email', 'private_key', 'token_uri'] as const;

/**
 * A Google service-account key file as it is (https://cloud.google.com/iam/docs/keys-create-delete): client_email as
 * iss and sub, private_key, private_key_id as kid, token_uri as aud and token endpoint, the scope as a claim
 * (https://developers.google.com/identity/protocols/oauth2/service-account#authorizingrequests).
 */
function serviceAccountRecipe(file: string, v: Flags): AssertionRecipe {
  const text = readFileFlag('--service-account', file);
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text) as Record<string, unknown>;
  } catch (e) {
    throw new UsageError(`--service-account ${file}: not JSON (${(e as Error).message}).`);
  }
  const missing = SERVICE_ACCOUNT_MEMBERS.filter((m) => typeof doc?.[m] !== 'string' || doc[m] === '');
  if (missing.length || doc.type !== 'service_account')
    throw new UsageError(
      `--service-account ${file}: not a service-account key file (type ${JSON.stringify(doc?.type)}${missing.length ? `, without ${missing.join(', ')}` : ''}); expected Google's JSON key of a service account, with type service_account, client_email, private_key, private_key_id and token_uri.`
    );
  const email = doc.client_email as string;
  return {
    key: doc.private_key as string,
    kid: typeof doc.private_key_id === 'string' ? doc.private_key_id : null,
    alg: (v['signing-alg'] as string | undefined) ?? 'RS256',
    iss: (v.iss as string | undefined) ?? email,
    sub: (v.sub as string | undefined) ?? email,
    aud: (v.aud as string | undefined) ?? (doc.token_uri as string),
    scopeClaim: (v.scope as string | undefined) ?? null,
    tokenUrl: doc.token_uri as string,
    clientId: email,
  };
}

/**
 * The assertion to build when none is given: from --service-account, or from --private-key with --iss (and --sub,
 * by default the issuer; --aud, by default the token endpoint); null when neither is asked for.
 */
export function assertionRecipeOf(v: Flags): AssertionRecipe | null {
  const file = v['service-account'] as string | undefined;
  if (file !== undefined) return serviceAccountRecipe(file, v);
  const keyFile = v['private-key'] as string | undefined;
  const iss = v.iss as string | undefined;
  // With --client-auth private_key_jwt, --private-key is the client's key; it signs a grant assertion only with --iss.
  if (keyFile === undefined || v.assertion !== undefined || (v['client-auth'] === 'private_key_jwt' && !iss))
    return null;
  if (!iss)
    throw new UsageError(
      '--iss is required to build the assertion from --private-key: the party that issues it, whose key the server trusts (RFC 7523 §3 item 1).'
    );
  return {
    key: readFileFlag('--private-key', keyFile),
    kid: (v['key-id'] as string | undefined) ?? null,
    alg: (v['signing-alg'] as string | undefined) ?? null,
    iss,
    sub: (v.sub as string | undefined) ?? iss,
    aud: (v.aud as string | undefined) ?? null,
    scopeClaim: null,
    tokenUrl: null,
    clientId: null,
  };
}

/** The assertion signed now (iat, a fresh jti; RFC 7523 §3 items 4, 7), its trace on stderr as a client assertion's. */
export async function signGrantAssertion(
  recipe: AssertionRecipe,
  tokenUrl: string,
  report: FlowReport,
  effects: { readonly random: RandomPort; readonly now: () => number }
): Promise<string> {
  report.step('Sign the grant assertion (RFC 7523 §2.1, §3)');
  const trace = await buildClientAssertion(
    {
      method: 'private_key_jwt',
      clientId: recipe.iss,
      audience: recipe.aud ?? tokenUrl,
      key: recipe.key,
      alg: recipe.alg,
      kid: recipe.kid,
      issuedAt: Math.floor(effects.now() / 1000),
      grant: {
        issuer: recipe.iss,
        subject: recipe.sub,
        ...(recipe.scopeClaim ? { claims: { scope: recipe.scopeClaim } } : {}),
      },
    },
    { random: effects.random, jose: joseSigner }
  );
  report.assertion(trace, `grant assertion (${trace.header.alg}, RFC 7523 §2.1)`);
  return trace.assertion;
}
