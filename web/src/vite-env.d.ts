// Vite's client types (import.meta.env, asset imports), found from the web package itself so a
// program rooted elsewhere (the workspace-wide type check) sees them too.
/// <reference types="vite/client" />
