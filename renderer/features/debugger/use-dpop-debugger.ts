import { pageStore } from '../../app/page-store';
import { createDpopDebuggerStore } from './dpop-debugger-store';

// The pasted proof and its check survive leaving the page.
export const useDpopDebugger = pageStore((deps) => createDpopDebuggerStore(deps));
