import { pageStore } from '../../app/page-store';
import { createMockRunStore } from '../../state/oidc/mock-run-store';
import { useOidc } from './use-oidc';

// The run drives the OAuth 2 page's flow and this page's discovery and validation.
export const useMockRun = pageStore((deps, stores) =>
  createMockRunStore(deps, { app: stores.app, oauth2: stores.oauth2, oidc: useOidc.of(stores) })
);
