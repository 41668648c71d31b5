import type { Finding } from './causes';
import { behaviourById, libraryNames, type BehaviourId, type LibraryMention } from './library-catalogue';

/** One known library behaviour found in this request, with the libraries known to show it. */
export interface BehaviourFound {
  readonly id: BehaviourId;
  readonly title: string;
  readonly section: string;
  readonly source: string;
  readonly details: readonly string[];
  readonly libraries: readonly LibraryMention[];
}

/** Which known libraries sign (or verify) this way: every one that shows all the behaviours found. */
export interface LibraryAttribution {
  readonly behaviours: readonly BehaviourFound[];
  /** The libraries known to show every behaviour found; empty when no one library shows them all. */
  readonly libraries: readonly LibraryMention[];
}

/**
 * The behaviours found in each explanation (a reproduction, or the findings of a comparison), and the libraries
 * that show all the behaviours of at least one explanation.
 */
export function attribute(explanations: readonly (readonly Finding[])[]): LibraryAttribution {
  const byId = new Map<BehaviourId, { details: string[]; libraries: LibraryMention[] }>();
  const libraries: LibraryMention[] = [];
  for (const findings of explanations) {
    const own = findings.filter((f) => f.behaviour);
    for (const f of own) {
      const entry = byId.get(f.behaviour!) ?? { details: [], libraries: [] };
      if (!entry.details.includes(f.detail)) entry.details.push(f.detail);
      for (const m of f.libraries ?? [])
        if (!entry.libraries.some((l) => l.library === m.library)) entry.libraries.push(m);
      byId.set(f.behaviour!, entry);
    }
    // A library explains this only when every change in it is that library's.
    if (!own.length || own.length < findings.length) continue;
    const [first, ...rest] = own;
    for (const m of first!.libraries ?? []) {
      if (
        rest.every((f) => f.libraries?.some((l) => l.library === m.library)) &&
        !libraries.some((l) => l.library === m.library)
      )
        libraries.push(m);
    }
  }
  const behaviours = [...byId].map(([id, e]): BehaviourFound => {
    const b = behaviourById(id);
    return { id, title: b.title, section: b.section, source: b.source, details: e.details, libraries: e.libraries };
  });
  return { behaviours, libraries };
}

/** One sentence naming the libraries, for a summary; empty when none is known. */
export function attributionSentence(a: LibraryAttribution, who: 'client' | 'server'): string {
  if (!a.behaviours.length) return '';
  const ids = a.behaviours.map((b) => b.id).join(', ');
  if (!a.libraries.length)
    return ` Known library behaviour (${ids}): ${a.behaviours.map((b) => `${b.id} in ${libraryNames(b.libraries)}`).join('; ')}.`;
  return ` Your ${who} ${who === 'client' ? 'signs' : 'verifies'} like ${libraryNames(a.libraries)} (${ids}).`;
}
