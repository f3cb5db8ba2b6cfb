import { createContext, useContext, type ReactNode } from 'react';
import { Theme } from '@radix-ui/themes/components/theme';
// Radix Themes' split stylesheets: tokens, the colours the apps use, components and utilities.
// The stock styles.css would also bring every other colour. Beside the brands' accents and the gray,
// one scale per status (status-message.tsx): green for success, amber for warning, red for error;
// info wears the brand's accent.
import '@radix-ui/themes/tokens/base.css';
import '@radix-ui/themes/tokens/colors/slate.css';
import '@radix-ui/themes/tokens/colors/indigo.css';
import '@radix-ui/themes/tokens/colors/purple.css';
import '@radix-ui/themes/tokens/colors/green.css';
import '@radix-ui/themes/tokens/colors/amber.css';
import '@radix-ui/themes/tokens/colors/red.css';
import '@radix-ui/themes/components.css';
import '@radix-ui/themes/utilities.css';
import './brand-theme.css';
import './touch-targets.css';

export const BRANDS = ['atom', 'quest'] as const;
export type Brand = (typeof BRANDS)[number];

// Both pass WCAG AA with Radix's white text on solid controls and accent text on soft ones (ADR 008).
const accentColor = { atom: 'indigo', quest: 'purple' } as const satisfies Record<Brand, string>;

const BrandContext = createContext<Brand>('atom');

/** The brand the page runs as; remotes read it here instead of from their own build. */
export const useBrand = (): Brand => useContext(BrandContext);

export const BrandTheme = ({ brand, children }: { brand: Brand; children: ReactNode }) => (
  <BrandContext value={brand}>
    {/* Light only: the build drops Radix's dark appearance (ADR 004). */}
    <Theme appearance="light" accentColor={accentColor[brand]} grayColor="slate" radius="medium" data-brand={brand}>
      {children}
    </Theme>
  </BrandContext>
);
