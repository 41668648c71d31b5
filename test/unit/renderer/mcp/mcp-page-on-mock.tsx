import { screen } from '@testing-library/react';
import { McpPage } from '../../../../renderer/features/mcp/McpPage';
import type { Harness } from '../../mock-provider/helpers';
import { renderOnMock } from '../flow/render-on-mock';
import { mcpBridgeOnMock } from './mcp-bridge';

/** The MCP page rendered over the real mock (mcpBridgeOnMock, `more` the host's other handlers a test needs). */
export function renderMcpPage(h: Harness, more: Parameters<typeof mcpBridgeOnMock>[1] = {}) {
  const bridge = mcpBridgeOnMock(h, more);
  const { tab } = renderOnMock(h, bridge.bridge, <McpPage />);
  return { tab, bridge, close: bridge.close };
}

/** Each leg's own heading, without its number (the checks and responses inside a leg have theirs too). */
export const legTitles = () =>
  [...screen.getByRole('list', { name: 'Legs' }).querySelectorAll(':scope > li > h4')].map((e) =>
    e.textContent!.replace(/^\d+ /, '')
  );
