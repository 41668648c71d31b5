// Loaded with `node --require` into Electron's installer (node_modules/electron/install.js). The installer prints
// only `err.stack`, and for a failed fetch() that is "TypeError: fetch failed" without its cause. This puts the
// cause (ECONNREFUSED, ENOTFOUND, a certificate error, a proxy's refusal) into that text, so `npm start` can say in
// one line why Electron could not be fetched. It changes nothing else.
const realFetch = globalThis.fetch;
globalThis.fetch = (...args) =>
  realFetch(...args).catch((error) => {
    // The reason can be a few causes down (a proxy's refusal comes wrapped in "Request was cancelled.").
    const causes = [];
    for (let cause = error && error.cause; cause && causes.length < 4; cause = cause.cause) {
      const detail = cause.message || (cause.errors && cause.errors[0] && cause.errors[0].message) || '';
      causes.push(`cause ${cause.code || cause.name}: ${detail}`);
    }
    if (causes.length > 0) error.stack = `${error.message} (${causes.join('; ')})\n${error.stack}`;
    throw error;
  });
