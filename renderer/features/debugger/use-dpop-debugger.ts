import { pageStore } from '../../app/page-store';
import { createDpopDebuggerStore } from '../../state/debugger/dpop-debugger-store';

// The pasted proof and its check survive leaving the page.
export const useDpopDebugger = pageStore((deps) => createDpopDebuggerStore(deps));
