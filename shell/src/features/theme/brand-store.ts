import { create } from 'zustand';
import { BRANDS, type Brand } from '@entry/ui';
import { env } from '../../app/env.ts';

const OVERRIDE_KEY = 'brandOverride';

const initialBrand = (): Brand => {
  const override = env.themeSwitcher ? localStorage.getItem(OVERRIDE_KEY) : null;
  return (BRANDS as readonly string[]).includes(override ?? '') ? (override as Brand) : env.brand;
};

/** The page's brand: the build's, or in development and preview the one picked in the switcher. */
export const useBrandStore = create<{ brand: Brand; setBrand: (brand: Brand) => void }>()((set) => ({
  brand: initialBrand(),
  setBrand: (brand) => {
    localStorage.setItem(OVERRIDE_KEY, brand);
    set({ brand });
  },
}));
