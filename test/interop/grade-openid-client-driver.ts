import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The checks of the driven openid-client that a mutation switches off, one at a time: its own switches where it has
 * them (skipStateCheck, skipSubjectCheck, enableNonRepudiationChecks left off), else a small change of the script.
 */
export const CHECKS_OFF = [
  'state',
  'authorization-response-iss',
  'nonce',
  'id-token-signature',
  'userinfo-sub',
  'refreshed-sub',
  'pkce',
  'rotation',
] as const;
export type CheckOff = (typeof CHECKS_OFF)[number] | null;

const LIBRARY = pathToFileURL(join(import.meta.dirname, '../../node_modules/openid-client/build/index.js')).href;

/**
 * A headless client on openid-client (a certified RP library, nobody here wrote it) as the grader expects one: every
 * check on, including the two it leaves off by default (the id_token's signature, the refreshed id_token's sub).
 */
function script(off: CheckOff): string {
  return `import * as client from ${JSON.stringify(LIBRARY)};
const env = process.env;
const off = ${JSON.stringify(off)};
const secret = env.OAUTH_LAB_CLIENT_SECRET;
const alg = env.OAUTH_LAB_ID_TOKEN_SIGNED_RESPONSE_ALG;
const config = await client.discovery(new URL(env.OAUTH_LAB_ISSUER), env.OAUTH_LAB_CLIENT_ID,
  { client_secret: secret, id_token_signed_response_alg: alg }, client.ClientSecretBasic(secret),
  { execute: [client.allowInsecureRequests] });
// An unsigned id_token (registered none) has no signature to verify: the check is on for every signed one.
if (off !== 'id-token-signature' && alg !== 'none') client.enableNonRepudiationChecks(config);
const verifier = client.randomPKCECodeVerifier();
const state = client.randomState();
const nonce = off === 'nonce' ? undefined : client.randomNonce();
const params = { redirect_uri: env.OAUTH_LAB_REDIRECT_URI, scope: env.OAUTH_LAB_SCOPE, state };
if (nonce) params.nonce = nonce;
if (off !== 'pkce') Object.assign(params, {
  code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
const answer = await fetch(client.buildAuthorizationUrl(config, params), { redirect: 'manual' });
const callback = new URL(answer.headers.get('location'));
if (off === 'authorization-response-iss') callback.searchParams.set('iss', config.serverMetadata().issuer);
const tokens = await client.authorizationCodeGrant(config, callback, {
  pkceCodeVerifier: off === 'pkce' ? undefined : verifier,
  expectedState: off === 'state' ? client.skipStateCheck : state,
  expectedNonce: nonce,
  idTokenExpected: true,
});
const sub = tokens.claims().sub;
await client.fetchUserInfo(config, tokens.access_token, off === 'userinfo-sub' ? client.skipSubjectCheck : sub);
if (tokens.refresh_token) {
  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token);
  const claims = refreshed.claims();
  if (off !== 'refreshed-sub' && claims && claims.sub !== sub) throw new Error('the refreshed id_token has another sub');
  await client.fetchUserInfo(config, refreshed.access_token, sub);
  if (off === 'rotation') await client.refreshTokenGrant(config, tokens.refresh_token);
}
`;
}

/** Writes the client to a fresh folder; `remove` deletes it. */
export function openidClientScript(off: CheckOff): { command: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'grade-openid-client-'));
  const file = join(dir, 'client.mjs');
  writeFileSync(file, script(off));
  return { command: `node ${JSON.stringify(file)}`, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
