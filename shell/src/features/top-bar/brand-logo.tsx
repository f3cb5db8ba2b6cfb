import type { Brand } from '@entry/ui';

/** Each brand's mark, drawn inline (no extra request on the cold path); decorative next to the name. */
export const BrandLogo = ({ brand }: { brand: Brand }) =>
  brand === 'atom' ? (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <circle cx="14" cy="14" r="3.5" fill="currentColor" />
      <ellipse cx="14" cy="14" rx="12" ry="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <ellipse cx="14" cy="14" rx="12" ry="5" fill="none" stroke="currentColor" strokeWidth="1.8" transform="rotate(60 14 14)" />
      <ellipse cx="14" cy="14" rx="12" ry="5" fill="none" stroke="currentColor" strokeWidth="1.8" transform="rotate(120 14 14)" />
    </svg>
  ) : (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <path d="M14 2 L25 8.5 V19.5 L14 26 L3 19.5 V8.5 Z" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M9 14.5 L12.5 18 L19 10.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
