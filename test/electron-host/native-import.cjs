// Node's own import(), loaded with Node's require: Vitest's module runner does not see what it imports, so the
// resolve hook of resolve-electron.mjs applies to the built main process and to every package it loads.
module.exports = (url) => import(url);
