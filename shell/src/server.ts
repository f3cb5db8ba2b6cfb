// The shell's server renderer (ADR 015): the reference server imports this build to compose pages.
export { renderPage, warmUp, type RenderInput, type RenderResult } from './server/render-page.tsx';
