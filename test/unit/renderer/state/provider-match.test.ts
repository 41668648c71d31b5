import { describe, expect, it } from 'vitest';
import { isMockUrl } from '../../../../renderer/state/provider-match';

describe('isMockUrl', () => {
  const mock = 'http://127.0.0.1:40123';
  it('knows the mock under any loopback name and any case of it', () => {
    for (const url of [`${mock}/api/v1/me`, 'http://LOCALHOST:40123/api/v1/me', 'http://localhost:40123/', 'http://[::1]:40123/x']) expect(isMockUrl(url, mock), url).toBe(true);
  });
  it('tells other ports, schemes and hosts apart', () => {
    for (const url of ['http://127.0.0.1:40124/', 'https://127.0.0.1:40123/', 'http://example.com:40123/', 'not a url']) expect(isMockUrl(url, mock), url).toBe(false);
    expect(isMockUrl(`${mock}/`, null)).toBe(false);
  });
});
