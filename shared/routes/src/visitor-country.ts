import { createContext, createElement, useContext, type ReactNode } from 'react';

const VisitorCountryContext = createContext<string | null>(null);

// No JSX here: the reference server imports this package as it is, and Node strips types, not JSX.
export const VisitorCountryProvider = ({ country, children }: { country: string | null; children: ReactNode }) =>
  createElement(VisitorCountryContext, { value: country }, children);

/**
 * The visitor's country (ISO 3166-1 alpha-2) as the edge told the server, the same in the server's
 * render and the browser's hydration; null when unknown (no trusted edge said, or a remote runs alone).
 */
export const useVisitorCountry = (): string | null => useContext(VisitorCountryContext);
