// Loaded with `node --require` into Electron's installer (node_modules/electron/install.js). The installer prints
// only `err.stack`, and for a failed fetch() that is "TypeError: fetch failed" without its cause. This puts the
// cause (ECONNREFUSED, ENOTFOUND, a certificate error, a proxy's refusal) into that text, so `npm start` can say in
// one line why Electron could not be fetched. It changes nothing else.
const realFetch = globalThis.fetch;
globalThis.fetch = (...args) =>
  realFetch(...args).catch((error) => {
    const cause = error && error.cause;
    if (cause) {
      const detail = cause.message || (cause.errors && cause.errors[0] && cause.errors[0].message) || '';
      error.stack = `${error.message} (cause ${cause.code || cause.name}: ${detail})\n${error.stack}`;
    }
    throw error;
  });
