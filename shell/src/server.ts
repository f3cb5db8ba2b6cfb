// The shell's server renderer (ADR 015): the reference server imports this build to compose pages,
// and the release tooling to write the pages a static host serves.
export { composePage, type ComposedPage } from './server/compose-page.ts';
export { renderPage, warmUp, type RenderInput, type RenderResult } from './server/render-page.tsx';
export { prerenderedPages, type PrerenderedPage } from './server/prerendered-pages.ts';
export { folderFiles, type SiteFiles } from './server/site-files.ts';
// Every in-app address as a regular expression: a static host answers anything else with the not-found page.
export { appPathPattern } from '@entry/routes';
