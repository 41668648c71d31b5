import { pageStore } from '../../app/page-store';
import { createLifecycleStore } from '../../state/oidc/lifecycle-store';

// The lifecycle's legs survive leaving the page, as the discovery and the validation do.
export const useLifecycle = pageStore((deps, stores) => createLifecycleStore(deps, stores));
