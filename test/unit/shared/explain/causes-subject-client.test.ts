import { describe, expect, it } from 'vitest';
import { explainHar } from '../../../../shared/explain/explain';
import { readHar } from '../../../../shared/explain/har-read';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { fingerprinter } from '../../../../shared/explain/fingerprint';
import { harOf, type EntrySpec } from './har-builder';

/**
 * subject_token_for_another_client: a token exchange whose subject id_token was issued to another client than the
 * one asking (its aud, or its azp), as recorded answers of an IdP show it; the draft's §4.3 for an ID-JAG, OpenID
 * Connect Core §2 for an access token.
 */
const explain = (entries: EntrySpec[]) =>
  explainHar(readHar(harOf(entries)), nodeCrypto, fingerprinter(nodeCrypto, nodeRandom), { codeLifetimeSeconds: null });
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const idToken = (claims: object) =>
  `${b64url({ alg: 'RS256', kid: 'k1' })}.${b64url({ iss: 'https://idp.example', sub: 'alice', exp: 1893456000, ...claims })}.c2ln`;
const T = (t: string) => encodeURIComponent(`urn:ietf:params:oauth:token-type:${t}`);
const exchange = (subject: string, requested: string, clientId = 'agent'): EntrySpec => ({
  url: 'https://idp.example/oauth/token',
  body: `grant_type=${encodeURIComponent('urn:ietf:params:oauth:grant-type:token-exchange')}&client_id=${clientId}&subject_token=${subject}&subject_token_type=${T('id_token')}&requested_token_type=${T(requested)}&audience=${encodeURIComponent('https://as.example')}`,
  status: 400,
  response: '{"error":"invalid_grant"}',
});

describe('a subject id_token issued to another client (subject_token_for_another_client)', () => {
  it("an ID-JAG asked for with another client's id_token: its aud, both clients and the fix named, the draft's §4.3", () => {
    const e = explain([exchange(idToken({ aud: 'web-app' }), 'id-jag')]);
    const cause = e.causes.find((c) => c.leg === 0)!;
    expect(cause.id).toBe('subject_token_for_another_client');
    expect(cause.rfc).toBe('draft-ietf-oauth-identity-assertion-authz-grant §4.3');
    expect(cause.evidence).toContain(
      'the subject_token of entry 0 is an id_token issued to "web-app" (aud), not to "agent", the client asking for the ID-JAG'
    );
    expect(cause.evidence).toContain('send the id_token issued to "agent"');
  });

  it('an azp naming another client decides it too, and for an access token the rule is OpenID Connect Core §2', () => {
    const e = explain([exchange(idToken({ aud: ['agent', 'web-app'], azp: 'web-app' }), 'access_token')]);
    const cause = e.causes.find((c) => c.leg === 0)!;
    expect(cause.id).toBe('subject_token_for_another_client');
    expect(cause.rfc).toBe('OpenID Connect Core §2');
    expect(cause.evidence).toContain('issued to "web-app" (azp), not to "agent", the client asking for the exchange');
  });

  it("the asking client's own id_token is no such cause", () => {
    const e = explain([exchange(idToken({ aud: 'agent', azp: 'agent' }), 'id-jag')]);
    expect(e.causes.map((c) => c.id)).not.toContain('subject_token_for_another_client');
  });
});
