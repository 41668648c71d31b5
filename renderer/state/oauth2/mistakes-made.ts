import { PLANTED_DPOP, type PlantedDpopMistake } from '../../../shared/dpop/planted-mistakes';
import { CLIENT_AUTH_MISTAKES, type ClientAuthMistake } from '../../../shared/oauth2/client-auth-mistakes';
import { FLOW_MISTAKES, type FlowMistake } from '../../../shared/oauth2/flow-mistakes';

/** The mistakes an OAuth 2 leg's send makes on purpose, by their menus' titles, as the History marks it; or null. */
export function mistakesMade(m: {
  readonly flowMistake: FlowMistake | null;
  readonly authMistake: ClientAuthMistake | null;
  readonly dpopMistake: PlantedDpopMistake | null;
}): string | null {
  const titles: string[] = [
    m.flowMistake && FLOW_MISTAKES[m.flowMistake].title,
    m.authMistake && CLIENT_AUTH_MISTAKES[m.authMistake].title,
    m.dpopMistake && PLANTED_DPOP[m.dpopMistake].title,
  ].filter((t) => t !== null);
  return titles.length ? titles.join('; ') : null;
}
