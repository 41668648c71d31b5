import { pageStore } from '../../app/page-store';
import { joseVerifier } from '../../../platform/jose';
import { createOidcStore } from '../../state/oidc/oidc-store';
import { profileAsSaved } from '../../state/profile-as-saved';

// The issuer, the discovery result and the last validation survive leaving the page.
export const useOidc = pageStore((deps, stores) =>
  createOidcStore({
    ...deps,
    jose: joseVerifier,
    // The OAuth 2 flow's profile as saved now, not the copy the flow started with.
    profile: () => profileAsSaved(stores.app.getState().profiles, stores.oauth2.getState().profile),
  })
);
