import { useMcp } from './use-mcp';

/**
 * The two rules on the URLs an MCP server chooses, each lifted only by the user's explicit choice, with what it
 * risks (shared/mcp/targets.ts; `oauth-lab mcp --allow-insecure-http`, `--allow-private-targets`).
 */
export function McpTargetSwitches() {
  const targets = useMcp((x) => x.targets);
  const edited = useMcp((x) => x.targetsEdited);
  const running = useMcp((x) => x.running);
  return (
    <fieldset className="mcp-targets" disabled={running}>
      <legend>URLs the server chooses</legend>
      <label>
        <input
          type="checkbox"
          checked={targets.allowInsecureHttp}
          onChange={(e) => edited({ allowInsecureHttp: e.target.checked })}
        />{' '}
        Allow plain http to the authorization server
      </label>
      {targets.allowInsecureHttp && (
        <p className="bad">
          An authorization server on plain http off loopback is used: the client secret, the code, the PKCE verifier and
          the tokens travel in cleartext. Only for a test server you trust.
        </p>
      )}
      <label>
        <input
          type="checkbox"
          checked={targets.allowPrivateTargets}
          onChange={(e) => edited({ allowPrivateTargets: e.target.checked })}
        />{' '}
        Allow private targets
      </label>
      {targets.allowPrivateTargets && (
        <p className="bad">
          The server may send this client to your own machine or network (loopback, private and link-local addresses
          other than its own origin). Only for a local setup you trust.
        </p>
      )}
    </fieldset>
  );
}
