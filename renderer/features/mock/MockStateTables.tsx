import type { ReactNode } from 'react';
import type { MethodOutput } from '../../../shared/bridge/contract';

type State = MethodOutput<'mockState'>['state'];
type Row = Record<string, unknown> & { status: string };

const cell = (v: unknown) => (v === null || v === undefined ? '–' : String(v));

function Table({
  title,
  rows,
  columns,
  action,
}: {
  title: string;
  rows: readonly Row[];
  columns: readonly [key: string, label: string][];
  action?: (row: Row) => ReactNode;
}) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <table className="headers">
          <thead>
            <tr>
              {columns.map(([k, l]) => (
                <th key={k} scope="col">
                  {l}
                </th>
              ))}
              {action && (
                <th scope="col">
                  <span className="sr-only">Action</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                {columns.map(([k]) => (
                  <td
                    key={k}
                    className={
                      k === 'status'
                        ? `state-${r.status}`
                        : k.endsWith('token') || k === 'code'
                          ? 'mono break'
                          : undefined
                    }
                  >
                    {cell(r[k])}
                  </td>
                ))}
                {action && <td>{action(r)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The mock's tokens and codes with their states (interface §3), expiry derived from its clock. */
export function MockStateTables({ state, onDeauthorize }: { state: State; onDeauthorize: (token: string) => void }) {
  return (
    <>
      <Table
        title="OAuth 1.0a request tokens"
        rows={state.oauth1.requestTokens}
        columns={[
          ['token', 'Token'],
          ['status', 'Status'],
          ['username', 'User'],
          ['expiresAt', 'Expires'],
        ]}
      />
      <Table
        title="OAuth 1.0a access tokens"
        rows={state.oauth1.accessTokens}
        columns={[
          ['token', 'Token'],
          ['status', 'Status'],
          ['username', 'User'],
          ['issuedAt', 'Issued'],
        ]}
        action={(r) =>
          r.status === 'valid' && (
            <button
              type="button"
              aria-label={`Deauthorize ${String(r.token)}`}
              onClick={() => onDeauthorize(String(r.token))}
            >
              Deauthorize
            </button>
          )
        }
      />
      <Table
        title="OAuth 2 authorization codes"
        rows={state.oauth2.codes}
        columns={[
          ['code', 'Code'],
          ['status', 'Status'],
          ['pkce', 'PKCE'],
          ['expiresAt', 'Expires'],
        ]}
      />
      <Table
        title="OAuth 2 bearer tokens"
        rows={state.oauth2.accessTokens}
        columns={[
          ['token', 'Token'],
          ['status', 'Status'],
          ['scope', 'Scope'],
          ['expiresAt', 'Expires'],
        ]}
      />
      <Table
        title="OAuth 2 refresh tokens"
        rows={state.oauth2.refreshTokens}
        columns={[
          ['token', 'Token'],
          ['status', 'Status'],
          ['expiresAt', 'Expires'],
        ]}
      />
    </>
  );
}

/** Seconds to move the clock so every live request token, code and bearer token has expired (0 when none is live). */
export function secondsToExpiry(state: State): number {
  const now = Date.parse(state.now);
  const live = [
    ...state.oauth1.requestTokens.filter((t) => t.status === 'issued' || t.status === 'authorized'),
    ...state.oauth2.codes.filter((c) => c.status === 'issued'),
    ...state.oauth2.accessTokens.filter((t) => t.status === 'valid'),
  ].map((t) => Date.parse(t.expiresAt));
  const latest = Math.max(now, ...live);
  return latest > now ? Math.ceil((latest - now) / 1000) + 1 : 0;
}

/**
 * What "Advance to expiry" did, exactly: the request tokens, codes and bearer tokens have expired; OAuth 1.0a access
 * tokens have no lifetime (RFC 5849 gives none; they end when deauthorized) and refresh tokens outlive bearer tokens,
 * so those still valid are named as still valid.
 */
export function expiryAdvancedWords(state: State, seconds: number): string {
  const until = Date.parse(state.now) + seconds * 1000;
  const oauth1 = state.oauth1.accessTokens.filter((t) => t.status === 'valid').length;
  const refresh = state.oauth2.refreshTokens.filter(
    (t) => t.status === 'valid' && Date.parse(t.expiresAt) > until
  ).length;
  const still = [
    oauth1 && `${oauth1} OAuth 1.0a access token${oauth1 === 1 ? '' : 's'} (no lifetime: deauthorize to end)`,
    refresh && `${refresh} refresh token${refresh === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return `${seconds} s: every request token, authorization code and bearer token has expired${
    still.length ? `; still valid: ${still.join(' and ')}` : ''
  }`;
}
