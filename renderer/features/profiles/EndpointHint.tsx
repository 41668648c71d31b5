import type { ReactNode } from 'react';
import { endpointUrl } from '../../../shared/flows/common';
import { fieldValue, type FieldPath } from './profile-draft';
import { useProfiles } from './profiles-context';

/** The path of a base URL as typed (`/o` of `http://host/o/`), '' when it has none; the Base URL field judges it. */
const basePathOf = (base: string) =>
  (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(\/[^?#]*)?/i.exec(base.trim())?.[1] ?? '').replace(/\/+$/, '');

/**
 * The hint under an endpoint field: how its path is joined to the base URL (appended to the base URL's path, as
 * every endpoint path of a profile is, by the one endpointUrl; a full URL as is), the URL the app sends to, and
 * the base URL's path written again at the start of the endpoint's, which would be sent twice (`/o` + `/o/x`).
 */
export function EndpointHint({ path, lead }: { path: FieldPath; lead?: ReactNode }) {
  const base = useProfiles((s) => (s.editing ? String(fieldValue(s.editing.draft, 'baseUrl')) : ''));
  const value = useProfiles((s) => (s.editing ? String(fieldValue(s.editing.draft, path)) : '')).trim();
  const full = /^https?:\/\//i.test(value);
  const basePath = basePathOf(base);
  const twice = !full && basePath !== '' && (value === basePath || value.startsWith(`${basePath}/`));
  return (
    <>
      {lead && <>{lead} </>}
      {full ? (
        <>
          Sent to <code className="break">{value}</code> as given.
        </>
      ) : value && base.trim() ? (
        <>
          Sent to <code className="break">{endpointUrl(base.trim(), value)}</code>: appended to the base URL, its path
          kept.
        </>
      ) : (
        'Appended to the base URL, its path kept; a full URL is used as is.'
      )}
      {twice && (
        <strong> The base URL&apos;s path {basePath} appears twice: leave it out here, or give the full URL.</strong>
      )}
    </>
  );
}
