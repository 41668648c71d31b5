import { Fragment } from 'react';

const RFC = 'https://www.rfc-editor.org/rfc/rfc5849#section-';

/** "RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1), §3.5.1" with each section a link to rfc-editor.org. */
export function RfcSections({ section }: { section: string }) {
  const parts = section
    .replace(/^RFC 5849\s*/, '')
    .split(/,\s*/)
    .filter(Boolean);
  return (
    <span className="dbg-rfc">
      RFC 5849{' '}
      {parts.map((p, i) => {
        const anchor = /§([\d.]*\d)/.exec(p)?.[1];
        return (
          <Fragment key={p}>
            {i > 0 && ', '}
            {anchor ? (
              <a href={`${RFC}${anchor}`} target="_blank" rel="noreferrer">
                {p}
              </a>
            ) : (
              p
            )}
          </Fragment>
        );
      })}
    </span>
  );
}
