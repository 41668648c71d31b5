import { pageStore } from '../../app/page-store';
import { createMcpStore } from '../../state/mcp/mcp-store';

export const useMcp = pageStore((deps, stores) => createMcpStore(deps, { app: stores.app }));
