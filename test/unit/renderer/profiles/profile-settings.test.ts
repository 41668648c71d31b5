import { describe, expect, it } from 'vitest';
import { findPreset } from '../../../../shared/presets';
import { profileSchema } from '../../../../shared/store/profile';
import { draftOf, newDraft, validateDraft, withField } from '../../../../renderer/features/profiles/profile-draft';

// The provider settings in the Profiles form: typed one per line, validated with messages that name the field.
const draft = () => ({ ...newDraft('p-1'), name: 'Real', baseUrl: 'https://api.example.com' });

describe('profile draft: provider settings', () => {
  it('extra headers and token parameters are typed one per line and saved as lists', () => {
    let d = withField(draft(), 'headers', 'Accept: application/json\n\nUser-Agent: my-app/1.0 (+https://example.com)');
    d = withField(d, 'oauth2.tokenParams', 'audience=https://api.example.com\nresource=a=b');
    d = withField(d, 'oauth2.tokenPath', 'https://login.example.net/token');
    const { profile, errors } = validateDraft(d);
    expect(errors).toEqual({});
    expect(profile!.headers).toEqual([
      ['Accept', 'application/json'],
      ['User-Agent', 'my-app/1.0 (+https://example.com)'],
    ]);
    expect(profile!.oauth2.tokenParams).toEqual([
      ['audience', 'https://api.example.com'],
      ['resource', 'a=b'],
    ]);
    expect(profile!.oauth2.tokenPath).toBe('https://login.example.net/token');
    expect(draftOf(profile!).headers).toBe('Accept: application/json\nUser-Agent: my-app/1.0 (+https://example.com)');
  });

  it.each([
    [
      'headers',
      'Accept application/json',
      'headers',
      'Extra headers: line 1 "Accept application/json": expected "Name: value"',
    ],
    [
      'headers',
      'Authorization: Bearer x',
      'headers',
      'Extra headers: Authorization cannot be an extra header: each leg sets it (the signature or client credentials, or the transport)',
    ],
    [
      'headers',
      'Bad Name: x',
      'headers',
      'Extra headers: the header name "Bad Name" is not a token (letters, digits and !#$%&\'*+-.^_`|~; no spaces or colons, RFC 9110 §5.6.2)',
    ],
    [
      'oauth2.tokenParams',
      'audience',
      'oauth2.tokenParams',
      'Extra token parameters: line 1 "audience": expected name=value',
    ],
    [
      'redirectUri',
      'https://app.example.com/cb#x',
      'redirectUri',
      'Redirect URI override: the redirect URI contains a space, a control character or "#"; expected an absolute URL (no fragment, RFC 6749 §3.1.2) or a name such as an eBay RuName',
    ],
    [
      'redirectUri',
      'com.example.app:/oauth',
      'redirectUri',
      'Redirect URI override: Invalid URL "com.example.app:/oauth": expected an absolute URL starting with http:// or https://.',
    ],
    [
      'oauth1.requestTokenPath',
      'ftp://x/rt',
      'oauth1.requestTokenPath',
      'The request token path: Invalid URL "ftp://x/rt": scheme "ftp" is not supported; expected http or https.',
    ],
  ] as const)('%s = %j is refused, naming the field', (path, value, field, message) => {
    expect(validateDraft(withField(draft(), path, value)).errors[field]).toBe(message);
  });

  it('GET legs cannot carry the OAuth 1.0a parameters in a body', () => {
    const d = withField(withField(draft(), 'oauth1.legMethod', 'GET'), 'oauth1.placement', 'body');
    expect(validateDraft(d).errors['oauth1.placement']).toBe(
      'Parameters in: a GET has no body for the protocol parameters (RFC 5849 §3.5.2); choose the header or the query, or POST'
    );
  });

  it('grant_type on the authorization URL: on for the mock profile, off for a new one, saved as chosen', () => {
    expect(draft().oauth2.grantTypeInAuthorization).toBe(false);
    expect(
      draftOf(profileSchema.parse({ id: 'mock', name: 'Mock provider', builtIn: true })).oauth2.grantTypeInAuthorization
    ).toBe(true);
    expect(
      validateDraft(withField(draft(), 'oauth2.grantTypeInAuthorization', true)).profile!.oauth2
        .grantTypeInAuthorization
    ).toBe(true);
  });

  it('a new profile from a preset holds its documented settings', () => {
    const d = newDraft('p-2', findPreset('reddit'));
    expect(d.name).toBe('Reddit');
    expect(d.oauth2.clientAuthentication).toBe('basic');
    expect(d.headers).toMatch(/^User-Agent: desktop:oauth-lab:/);
    expect(d.oauth2.authorizePath).toBe('/api/v1/authorize?duration=permanent');
  });
});
