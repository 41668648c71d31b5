// The renderer's pages import their own stylesheets (Vite bundles them; Vitest ignores them). The test project
// typechecks those pages without vite/client's types, so a stylesheet import needs this declaration here.
declare module '*.css';
