import { describe, expect, it } from 'vitest';
import { getJsonFollowingRedirects, type GetResponse } from '../../../../shared/oidc';
import { resolveReference } from '../../../../shared/url-reference';

const answers =
  (table: Record<string, GetResponse>) =>
  async (url: string): Promise<GetResponse> =>
    table[url] ?? { status: 404, statusText: 'Not Found', headers: [], bodyText: '' };
const moved = (status: number, location: string): GetResponse => ({
  status,
  statusText: '',
  headers: [['Location', location]],
  bodyText: '',
});
const doc: GetResponse = { status: 200, statusText: 'OK', headers: [], bodyText: '{"issuer":"x"}' };

describe('getJsonFollowingRedirects', () => {
  it('follows http to https, and refuses https to http naming the hop', async () => {
    const up = await getJsonFollowingRedirects(
      'http://a.example/d',
      answers({ 'http://a.example/d': moved(301, 'https://a.example/d'), 'https://a.example/d': doc })
    );
    expect(up).toEqual({
      body: { issuer: 'x' },
      url: 'https://a.example/d',
      redirects: [{ status: 301, from: 'http://a.example/d', to: 'https://a.example/d' }],
    });
    await expect(
      getJsonFollowingRedirects(
        'https://a.example/d',
        answers({ 'https://a.example/d': moved(302, 'http://a.example/d') })
      )
    ).rejects.toThrow(/HTTP 302 from https to http:\/\/a\.example\/d: a redirect to http is not followed/);
  });

  it('a redirect without Location, or to another scheme, is an error in words', async () => {
    await expect(
      getJsonFollowingRedirects(
        'http://a.example/d',
        answers({ 'http://a.example/d': { ...moved(301, ''), headers: [] } })
      )
    ).rejects.toThrow('HTTP 301 without a Location header to follow');
    await expect(
      getJsonFollowingRedirects(
        'http://a.example/d',
        answers({ 'http://a.example/d': moved(301, 'ftp://a.example/d') })
      )
    ).rejects.toThrow(/HTTP 301 to "ftp:\/\/a\.example\/d", which cannot be followed: .*scheme "ftp"/);
  });
});

describe('resolveReference (RFC 3986 §5.2)', () => {
  it.each([
    ['http://a/b/c/d;p?q', 'g', 'http://a/b/c/g'],
    ['http://a/b/c/d;p?q', './g/', 'http://a/b/c/g/'],
    ['http://a/b/c/d;p?q', '/g', 'http://a/g'],
    ['http://a/b/c/d;p?q', '//g/x', 'http://g/x'],
    ['http://a/b/c/d;p?q', '?y', 'http://a/b/c/d;p?y'],
    ['http://a/b/c/d;p?q', '../../g', 'http://a/g'],
    ['http://a/b/c/d;p?q', 'https://h/x', 'https://h/x'],
    ['http://127.0.0.1:8080/api', '/api/v1/me', 'http://127.0.0.1:8080/api/v1/me'],
  ])('%s + %s = %s', (base, ref, expected) => expect(resolveReference(base, ref)).toBe(expected));
});
