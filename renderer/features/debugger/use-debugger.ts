import { pageStore } from '../../app/page-store';
import { createDebuggerStore } from './debugger-store';

// The pasted request and its diagnosis survive leaving the page.
export const useDebugger = pageStore(createDebuggerStore);
