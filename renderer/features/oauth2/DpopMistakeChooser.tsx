import { PLANTED_DPOP, PLANTED_DPOP_MISTAKES, type PlantedDpopMistake } from '../../../shared/dpop/planted-mistakes';
import { useOAuth2 } from '../../app/stores';
import type { SentLeg } from '../../state/oauth2/oauth2-flow-state';

/** The mistakes a leg's proof can carry: ath and the bound key only with an access token (the API call, RFC 9449 §7). */
const offeredAt = (leg: SentLeg) =>
  PLANTED_DPOP_MISTAKES.filter((m) => PLANTED_DPOP[m].needs !== 'token' || leg === 'api');

/** What the accepted first send of a reused jti leaves behind: its tokens are not the leg's (the replay's refusal is). */
const REPLAY_COST: Readonly<Record<SentLeg, string>> = {
  token: '; the first uses up the code, so start over after',
  refresh: '; the first may rotate the refresh token away, so start over after',
  api: '',
};

/** What the chosen mistake does at the next Send, and what it needs or costs. */
function chosenDetail(chosen: PlantedDpopMistake, leg: SentLeg): string {
  const needs =
    PLANTED_DPOP[chosen].needs === 'nonce'
      ? ' The mock asks for nonces only with its DPoP-Nonce switch on (Mock page).'
      : chosen === 'reused-jti'
        ? ` The request is sent with a right proof first, then again with that very proof${REPLAY_COST[leg]}.`
        : '';
  return `The next Send makes this mistake once; the server should refuse it as ${PLANTED_DPOP[chosen].refusedAs}.${needs}`;
}

/**
 * "Make a DPoP mistake on purpose" on a leg that carries a proof: made once at the next Send by the
 * one DPoP client the CLI's --dpop-mistake uses, then forgotten; the server's answer and the DPoP verifier's
 * verdict on the proof are shown under the leg.
 */
export function DpopMistakeChooser({ leg }: { leg: SentLeg }) {
  const chosen = useOAuth2((s) => s.dpopMistakes[leg] ?? null);
  const chose = useOAuth2((s) => s.dpopMistakeChosen);
  // The API call with automatic refresh goes through the bearer call, which plants no mistake.
  const autoRefresh = useOAuth2((s) => leg === 'api' && s.autoRefresh);
  return (
    <details className="mistake dpop-mistake" open={chosen !== null}>
      <summary>Make a DPoP mistake on purpose</summary>
      <label className="grow" htmlFor={`dpop-mistake-${leg}`}>
        DPoP proof mistake for the next Send
      </label>
      <select
        id={`dpop-mistake-${leg}`}
        value={chosen ?? ''}
        disabled={autoRefresh}
        onChange={(e) => chose(leg, (e.target.value || null) as PlantedDpopMistake | null)}
      >
        <option value="">None: a right proof</option>
        {offeredAt(leg).map((m) => (
          <option key={m} value={m}>
            {PLANTED_DPOP[m].title}
            {PLANTED_DPOP[m].needs === 'nonce' ? ' (needs a server asking for nonces)' : ''}
          </option>
        ))}
      </select>
      <p className="muted small">
        {autoRefresh
          ? 'Turn automatic refresh off to make a DPoP mistake on this call.'
          : chosen
            ? chosenDetail(chosen, leg)
            : `Mistakes a server must refuse (RFC 9449 §4.3), made in this leg's proof at the next Send only.${leg === 'api' ? '' : ' ath and another key than the bound one are on the API call, where a token is bound.'}`}
      </p>
    </details>
  );
}
