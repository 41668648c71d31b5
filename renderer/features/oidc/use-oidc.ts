import { pageStore } from '../../app/page-store';
import { joseVerifier } from '../../../platform/jose';
import { createOidcStore } from '../../state/oidc/oidc-store';

// The issuer, the discovery result and the last validation survive leaving the page.
export const useOidc = pageStore((deps, stores) =>
  createOidcStore({ ...deps, jose: joseVerifier, profile: () => stores.oauth2.getState().profile })
);
