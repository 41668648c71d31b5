import type { Stores } from '../../../../renderer/app/stores';
import type { Profile } from '../../../../shared/store/profile';
import type { Harness } from '../../mock-provider/helpers';

/**
 * The OAuth 2 page's store through its own legs against the real mock (signing the user in by itself): started,
 * authorized (the landing URL pasted, as when the redirect cannot reach the catcher), the code exchanged.
 */
export async function codeExchangedOnPage(stores: Stores, h: Harness, profile: Profile): Promise<void> {
  await stores.oauth2.getState().flowStarted(profile, h.base);
  const authorize = new URL(stores.oauth2.getState().authorizeUrl!);
  const landed = await h.send({ path: `${authorize.pathname}${authorize.search}` });
  await stores.oauth2.getState().urlPasted(String(landed.headers.location));
  await stores.oauth2.getState().legSent('token');
  const run = stores.oauth2.getState().runs.token;
  if (!run?.outcome?.ok) throw new Error(`the code exchange failed: ${run?.outcome?.summary ?? run?.error?.message}`);
}

/**
 * The OAuth 1.0a page's store through its own legs against the real mock (signing the user in by itself): started,
 * the request token, the authorization (the landing URL pasted), the access token.
 */
export async function accessTokenOnPage(stores: Stores, h: Harness, profile: Profile): Promise<string> {
  const o = () => stores.oauth1.getState();
  await o().flowStarted(profile, h.base);
  await o().legSent('requestToken');
  const authorize = new URL(o().authorize.url!);
  const landed = await h.send({ path: `${authorize.pathname}${authorize.search}` });
  await o().urlPasted(String(landed.headers.location));
  await o().legSent('accessToken');
  const token = o().flow!.accessToken?.token;
  if (!token) throw new Error(`the access token leg failed: ${o().runs.accessToken?.outcome?.summary}`);
  return token;
}
