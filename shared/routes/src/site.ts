import { createContext, createElement, useContext, type ReactNode } from 'react';

/**
 * What a screen may need to know about the site it runs on, the same on the server that renders it
 * and in the browser that hydrates it: its origin (to judge redirects) and the settings the server
 * gives every page at run time (the Google client id). The shell provides it; a screen outside any
 * provider (a remote running alone) reads the browser's own origin.
 */
export type Site = { origin: string; googleClientId?: string };

const SiteContext = createContext<Site | null>(null);

// No JSX here: the reference server imports this package as it is, and Node strips types, not JSX.
export const SiteProvider = ({ site, children }: { site: Site; children: ReactNode }) => createElement(SiteContext, { value: site }, children);

/** Where no shell provides one, the page's own origin (typed without the DOM: the server compiles this too). */
const pageOrigin = (): string => (globalThis as { location?: { origin: string } }).location?.origin ?? '';

export const useSite = (): Site => useContext(SiteContext) ?? { origin: pageOrigin() };
