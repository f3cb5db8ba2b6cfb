/**
 * Build-time trimming of Radix Themes' prebuilt CSS (ADR 004). Radix ships one components.css for all
 * of its ~50 components and utilities.css with a copy of every layout class per breakpoint; the kit
 * uses a dozen components and no responsive prop values, so the rest is dropped at build time. Every
 * Radix stylesheet also carries a dark appearance, which the brand theme never takes (it is light), and
 * its tokens come again for wide-gamut screens and with accent mappings for every colour: those go too
 * (issue 14: the first paint waits for this stylesheet).
 */
import type { AtRule, PluginCreator, Root } from 'postcss';

// Both dialogs share Radix's base dialog styles; their Title and Description are its Heading and Text.
const DIALOG_CLASSES = [
  'rt-BaseDialogOverlay',
  'rt-BaseDialogScroll',
  'rt-BaseDialogScrollPadding',
  'rt-BaseDialogContent',
  'rt-Heading',
  'rt-Text',
] as const;

/** The class names each Radix component module the kit imports styles itself with. */
export const RADIX_COMPONENT_CLASSES = {
  'alert-dialog': DIALOG_CLASSES,
  box: ['rt-Box'],
  button: ['rt-Button', 'rt-BaseButton'],
  callout: ['rt-CalloutRoot', 'rt-CalloutIcon', 'rt-CalloutText'],
  card: ['rt-Card', 'rt-BaseCard'],
  container: ['rt-Container', 'rt-ContainerInner'],
  dialog: DIALOG_CLASSES,
  flex: ['rt-Flex'],
  heading: ['rt-Heading'],
  link: ['rt-Link', 'rt-Text'],
  separator: ['rt-Separator'],
  spinner: ['rt-Spinner', 'rt-SpinnerLeaf'],
  text: ['rt-Text'],
  'text-field': ['rt-TextFieldRoot', 'rt-TextFieldInput', 'rt-TextFieldSlot'],
  theme: [],
  // Styled inline by Radix's primitive: no class of its own.
  'visually-hidden': [],
} as const satisfies Record<string, readonly string[]>;

const RADIX_FILE = /@radix-ui[\\/]themes[\\/](components|utilities)\.css$/;
const ANY_RADIX_FILE = /@radix-ui[\\/]themes[\\/].+\.css$/;
const TOKENS_FILE = /@radix-ui[\\/]themes[\\/]tokens[\\/].+\.css$/;

/** Every colour a screen names (accents, callouts, status text); the others' mappings are never reached. */
export const RADIX_COLORS = ['indigo', 'purple', 'slate', 'gray', 'red', 'green', 'amber'] as const;
const ACCENT_SELECTOR = /data-accent-color=["']?([a-z]+)/;
const DARK_SELECTOR = /\.dark(-theme)?\b/;
const COMPONENT_CLASS = /\.(rt-[A-Z][A-Za-z]*)/g;

export type TrimRadixOptions = { keep?: readonly string[] };

/** Keeps of each rule only the selectors `keep` accepts; a rule left with none goes. */
const filterSelectors = (root: Root, keep: (selector: string) => boolean) =>
  root.walkRules((rule) => {
    const selectors = rule.selectors.filter(keep);
    if (selectors.length === 0) rule.remove();
    else rule.selectors = selectors;
  });

/** Removes at-rules left empty, innermost first, so an `@supports` holding only an emptied `@media` goes too. */
const dropEmptyAtRules = (root: Root) => {
  const atRules: AtRule[] = [];
  root.walkAtRules((atRule) => {
    atRules.push(atRule);
  });
  for (const atRule of atRules.reverse()) {
    if (atRule.nodes?.length === 0) atRule.remove();
  }
};

export const trimRadixCss: PluginCreator<TrimRadixOptions> = (options = {}) => {
  const kept = new Set<string>(options.keep ?? Object.values(RADIX_COMPONENT_CLASSES).flat());
  const colors = new Set<string>(RADIX_COLORS);
  return {
    postcssPlugin: 'trim-radix-css',
    Once(root) {
      const file = root.source?.input.file ?? '';
      if (!ANY_RADIX_FILE.test(file)) return;
      // The dark appearance's tokens and overrides: BrandTheme always renders the light one.
      filterSelectors(root, (selector) => !DARK_SELECTOR.test(selector));
      if (TOKENS_FILE.test(file)) {
        // Wide-gamut (display-p3) copies of every colour: sRGB values serve those screens as well.
        root.walkAtRules('supports', (supports) => {
          if (supports.params.includes('display-p3')) supports.remove();
        });
        filterSelectors(root, (selector) => {
          const accent = ACCENT_SELECTOR.exec(selector)?.[1];
          return accent === undefined || colors.has(accent);
        });
      }
      if (RADIX_FILE.test(file)) {
        // Breakpoint variants (xs: to xl:) exist only for responsive prop values, which the apps never pass.
        root.walkAtRules('media', (media) => {
          if (media.params.includes('min-width')) media.remove();
        });
        filterSelectors(root, (selector) => [...selector.matchAll(COMPONENT_CLASS)].every(([, name]) => kept.has(name as string)));
      }
      dropEmptyAtRules(root);
    },
  };
};
trimRadixCss.postcss = true;
