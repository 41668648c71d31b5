/** The warning `audit --help` gives and the app's *Active probes* box repeats: the probes act on the server. */
export const ACTIVE_PROBES_WARNING = 'Run active probes only against a server you may test.';
