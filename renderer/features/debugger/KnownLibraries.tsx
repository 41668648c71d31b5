import { libraryNames, type LibraryAttribution } from '../../../shared/oauth1/debug';
import { RfcSections } from './RfcSections';

/**
 * The known library behaviour that reproduces the signature (your client) or the server's base string: which
 * libraries sign or verify that way, with versions, each behaviour's RFC section and where it was found.
 */
export function KnownLibraries({ who, attribution }: { who: 'client' | 'server'; attribution: LibraryAttribution }) {
  const { behaviours, libraries } = attribution;
  const label = who === 'client' ? 'Known library behaviour: your client' : 'Known library behaviour: the server';
  return (
    <section className="dbg-section" aria-label={label}>
      <h3>{who === 'client' ? 'Which library signs like this' : 'Which server library verifies like this'}</h3>
      <p className="dbg-libraries-lead">
        {libraries.length ? (
          <>
            {who === 'client' ? 'Your client signs' : 'The server verifies'} like{' '}
            <strong>{libraryNames(libraries)}</strong>.
          </>
        ) : (
          'No one known library shows all of these together.'
        )}
      </p>
      <ol className="dbg-causes">
        {behaviours.map((b) => (
          <li key={b.id} className="dbg-cause" data-behaviour={b.id}>
            <div className="dbg-cause-head">
              <h4>
                <span className="mono">{b.id}</span> {b.title}
              </h4>
              <RfcSections section={b.section} />
            </div>
            <p>Known in {libraryNames(b.libraries)}.</p>
            <ul className="dbg-details">
              {b.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
            <p className="muted small">Source: {b.source}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
