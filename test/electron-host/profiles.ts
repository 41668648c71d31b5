import type { Page } from 'playwright-core';

type Result = { ok: boolean; value?: unknown; error?: { code: string; message: string } };
type Bridge = Record<string, (input?: unknown) => Promise<Result>>;

/**
 * Through the page's own window.oauthLab: saves a copy of the mock profile as "real-server" with the given consumer
 * secret, then lists the profiles and asks appInfo. Returns the three answers.
 */
export function saveProfileWithSecret(page: Page, secret: string): Promise<[Result, Result, Result]> {
  return page.evaluate(async (secret) => {
    const bridge = (window as unknown as { oauthLab: Bridge }).oauthLab;
    const list = (await bridge.profilesList!()).value as { id: string; oauth1: object }[];
    const mock = list.find((p) => p.id === 'mock')!;
    const profile = {
      ...mock,
      id: 'real-server',
      name: 'Real server',
      builtIn: false,
      baseUrl: 'https://api.example.com',
      oauth1: { ...mock.oauth1, consumerSecret: secret },
    };
    return [await bridge.profileSave!({ profile }), await bridge.profilesList!(), await bridge.appInfo!()] as [
      Result,
      Result,
      Result,
    ];
  }, secret);
}
