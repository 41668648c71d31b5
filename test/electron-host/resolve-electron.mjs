// A module.register() resolve hook: `electron`, imported by out/main/index.js and by the packages it loads
// (electron-store), resolves to the stand-in's shim instead of the electron package.
const SHIM = new URL('./electron-shim.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  return specifier === 'electron' ? { url: SHIM, shortCircuit: true } : next(specifier, context);
}
