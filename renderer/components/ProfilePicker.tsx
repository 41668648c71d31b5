import { useApp } from '../app/stores';

/** Which profile a flow runs against: the built-in mock or a real server (edited on the Profiles page). */
export function ProfilePicker() {
  const profiles = useApp((s) => s.profiles);
  const active = useApp((s) => s.activeProfileId);
  const chosen = useApp((s) => s.profileChosen);
  return (
    <label className="profile-picker">
      <span className="sr-only">Profile</span>
      <select aria-label="Profile" value={active} onChange={(e) => chosen(e.target.value)}>
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
