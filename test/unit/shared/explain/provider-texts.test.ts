import { describe, expect, it } from 'vitest';
import { explainHar } from '../../../../shared/explain/explain';
import { readHar } from '../../../../shared/explain/har-read';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { fingerprinter } from '../../../../shared/explain/fingerprint';
import { codeFlow, harOf } from './har-builder';

/**
 * Providers' documented refusals, as their token endpoints send them, map onto the cause ids: the token leg is
 * otherwise flawless (same redirect_uri, one exchange, two seconds after the redirect), so only the words decide.
 */
const json = (o: object) => JSON.stringify(o);
const first = (token: { status: number; response: string; responseHeaders?: [string, string][] }) => {
  const e = explainHar(
    readHar(harOf(codeFlow('the-code-value', token))),
    nodeCrypto,
    fingerprinter(nodeCrypto, nodeRandom)
  );
  return e.causes.filter((c) => c.leg === 1).map((c) => c.id)[0];
};

describe('provider texts name the cause, citing their documentation', () => {
  it.each([
    ['AADSTS54005: OAuth2 Authorization code was already redeemed', 'code_reused'],
    ['AADSTS70008: The provided authorization code or refresh token has expired', 'code_expired'],
    ['AADSTS50011: The redirect URI specified in the request does not match', 'redirect_uri_mismatch'],
    ['AADSTS50148: The code_verifier does not match the code_challenge', 'pkce_verifier_mismatch'],
    ['AADSTS7000215: Invalid client secret provided.', 'client_authentication_failed'],
    ['AADSTS700016: Application with identifier was not found in the directory', 'unknown_client'],
    ['AADSTS7000218: The request body must contain client_assertion or client_secret', 'client_auth_method_mismatch'],
  ])('Microsoft Entra ID %s', (description, id) => {
    expect(first({ status: 400, response: json({ error: 'invalid_grant', error_description: description }) })).toBe(id);
  });

  it('the OAuth Lab mock: a code past its lifetime', () => {
    const description =
      'The authorization code expired at 2026-01-01T00:10:01.000Z (600 s after issue); the service requires an immediate exchange (interface §8).';
    expect(first({ status: 400, response: json({ error: 'invalid_grant', error_description: description }) })).toBe(
      'code_expired'
    );
  });

  it('GitHub: its documented errors, sent with HTTP 200', () => {
    const github = (error: string, description: string) =>
      first({ status: 200, response: json({ error, error_description: description }) });
    expect(github('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.')).toBe(
      'client_authentication_failed'
    );
    expect(
      github('redirect_uri_mismatch', 'The redirect_uri MUST match the registered callback URL for this application.')
    ).toBe('redirect_uri_mismatch');
    expect(['code_reused', 'code_expired']).toContain(
      github('bad_verification_code', 'The code passed is incorrect or expired.')
    );
  });

  it('Google, Django OAuth Toolkit (oauthlib), node-oidc-provider', () => {
    expect(
      first({
        status: 401,
        response: json({ error: 'invalid_client', error_description: 'The OAuth client was not found.' }),
      })
    ).toBe('unknown_client');
    expect(
      first({
        status: 400,
        response: json({ error: 'invalid_request', error_description: 'Mismatching redirect URI.' }),
      })
    ).toBe('redirect_uri_mismatch');
    expect(
      first({ status: 400, response: json({ error: 'invalid_request', error_description: 'Code verifier required.' }) })
    ).toBe('pkce_missing');
    expect(
      first({
        status: 400,
        response: json({
          error: 'invalid_request',
          error_description: 'requested grant type is not allowed for this client',
        }),
      })
    ).toBe('unauthorized_client');
  });

  it('@node-oauth/oauth2-server words an unknown client and a wrong secret alike; a code issued to it decides', () => {
    const refused = codeFlow('c0de', {
      status: 401,
      response: json({ error: 'invalid_client', error_description: 'Invalid client: client is invalid' }),
    });
    const known = explainHar(readHar(harOf(refused)), nodeCrypto, fingerprinter(nodeCrypto, nodeRandom)).causes.map(
      (c) => c.id
    );
    expect(known[0]).toBe('client_authentication_failed');
    expect(known).not.toContain('unknown_client');
    const alone = explainHar(
      readHar(harOf(refused.slice(1))),
      nodeCrypto,
      fingerprinter(nodeCrypto, nodeRandom)
    ).causes.map((c) => c.id);
    expect(alone).toEqual(expect.arrayContaining(['client_authentication_failed', 'unknown_client']));
  });

  it('the evidence cites the documentation; a bare invalid_grant (Django OAuth Toolkit) says what is missing', () => {
    const e = explainHar(
      readHar(
        harOf(
          codeFlow('c0de', {
            status: 400,
            response: json({ error: 'invalid_grant', error_description: 'AADSTS54005: already redeemed' }),
          })
        )
      ),
      nodeCrypto,
      fingerprinter(nodeCrypto, nodeRandom)
    );
    expect(e.causes[0]!.evidence).toContain(
      'https://learn.microsoft.com/en-us/entra/identity-platform/reference-error-codes'
    );
    const bare = explainHar(
      readHar(harOf(codeFlow('c0de', { status: 400, response: json({ error: 'invalid_grant' }) }).slice(1))),
      nodeCrypto,
      fingerprinter(nodeCrypto, nodeRandom)
    );
    expect(bare.causes).toHaveLength(1);
    expect(bare.causes[0]).toMatchObject({ id: 'unknown', leg: 0 });
    expect(bare.causes[0]!.evidence).toContain('The authorization leg that issued code');
    expect(bare.causes[0]!.evidence).toContain('is not in the file');
  });
});
