import type { OAuth2Leg } from '../../../shared/flows/oauth2-flow';
import { flowVerdict } from '../flow-verdict';
import type { OAuth2PageStore } from './oauth2-page-store';

/** The explainer's verdict on a leg that failed, from the flow's recorded legs, unless started over meanwhile. */
export async function legJudged({ deps, get, set }: OAuth2PageStore, leg: OAuth2Leg): Promise<void> {
  const { flow, profile } = get();
  // The verdict is an explanation beside the leg's own result: when it cannot be made, it says why.
  const verdict = await flowVerdict(deps.bridge, deps.crypto, deps.random, profile!.id).catch((e: unknown) => ({
    none: `The explainer could not read this flow's recorded legs: ${(e as Error).message}`,
  }));
  if (get().flow?.state === flow?.state) set({ verdicts: { ...get().verdicts, [leg]: verdict } });
}
