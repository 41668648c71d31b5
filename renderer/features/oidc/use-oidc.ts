import { pageStore } from '../../app/page-store';
import { joseVerifier } from '../../../platform/jose';
import { createOidcStore } from './oidc-store';

// The issuer, the discovery result and the last validation survive leaving the page.
export const useOidc = pageStore((deps) => createOidcStore({ ...deps, jose: joseVerifier }));
