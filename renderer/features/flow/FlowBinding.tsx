import type { Profile } from '../../../shared/store/profile';

/**
 * A running flow stays with the profile and server it started with: switching the profile picker mid-flow would
 * otherwise send the next leg's tokens to another server. When the picker has moved on, this says so.
 */
export function FlowBinding({
  flowProfile,
  flowBaseUrl,
  chosen,
}: {
  flowProfile: Profile | null;
  flowBaseUrl: string;
  chosen: Profile | undefined;
}) {
  if (!flowProfile || !chosen || chosen.id === flowProfile.id) return null;
  return (
    <p className="flow-binding" role="status" aria-label="Flow profile">
      This flow keeps running against <strong>{flowProfile.name}</strong> (<code>{flowBaseUrl}</code>), where it
      started. <em>Start over</em> to run it against <strong>{chosen.name}</strong>.
    </p>
  );
}
