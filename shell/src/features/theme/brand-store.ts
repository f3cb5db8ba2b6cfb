import { create } from 'zustand';
import { BRANDS, type Brand } from '@entry/ui';
import { env } from '../../app/env.ts';

const OVERRIDE_KEY = 'brandOverride';

/**
 * The page's brand: the build's, or in development and preview the one picked in the switcher. It
 * starts as the build's, which is what the server renders; restoreBrandOverride applies a stored
 * pick once the page runs.
 */
export const useBrandStore = create<{ brand: Brand; setBrand: (brand: Brand) => void }>()((set) => ({
  brand: env.brand,
  setBrand: (brand) => {
    localStorage.setItem(OVERRIDE_KEY, brand);
    set({ brand });
  },
}));

/** A preview reviewer's earlier pick, kept in this browser. */
export const restoreBrandOverride = (): void => {
  if (!env.themeSwitcher) return;
  const override = localStorage.getItem(OVERRIDE_KEY);
  if ((BRANDS as readonly string[]).includes(override ?? '')) useBrandStore.setState({ brand: override as Brand });
};
