import { expect, type Page } from '@playwright/test';

/** Apple's and Google's touch target (WCAG 2.2 2.5.8 asks 24 px; issue 24 aims for 44). */
export const MIN_TARGET_PX = 44;
/** Below 16 px iOS Safari zooms the page into a field when it takes the focus. */
export const MIN_INPUT_FONT_PX = 16;

export type TargetProblem = { what: string; width: number; height: number };
export type InputProblem = { what: string; fontSize: number };

/**
 * In the page: every visible interactive element whose box is under `min` px either way, and every
 * visible field one types or picks in whose text is under `minFont` px. Measured from the laid-out
 * boxes, as a finger meets them:
 * - a checkbox or radio is operated through its label too, so its target is its label's box when it
 *   has one around or beside it;
 * - a text field's target is the kit's field drawn around the native input (Radix Themes'
 *   `.rt-TextFieldRoot`, its border included), which hands a tap anywhere in it to the input;
 * - a link inside running text is exempt (WCAG 2.5.8's inline exception: the line height of the text
 *   around it limits it): an inline link whose block holds text of its own beside the link's;
 * - what is out of sight (visually hidden, no box, `inert`, under an open modal) is not a target.
 */
export const measureTargets = ({ min, minFont }: { min: number; minFont: number }) => {
  const INTERACTIVE =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="combobox"], [tabindex]:not([tabindex="-1"])';
  const TYPED = 'input:not([type="checkbox"], [type="radio"], [type="range"], [type="button"], [type="submit"], [type="reset"], [type="file"], [type="color"], [type="image"], [type="hidden"]), select, textarea';
  const describe = (element: Element) => {
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const type = element.getAttribute('type');
    return `<${element.tagName.toLowerCase()}${type ? ` type=${type}` : ''}> "${name}"`;
  };
  const modal = document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]');
  const shown = (element: Element) => {
    if (element.closest('[inert], [aria-hidden="true"]')) return false;
    if (modal && !modal.contains(element)) return false;
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    // Visually hidden (the skip link until focused, a native input behind a styled one): no target to hit.
    return box.width > 1 && box.height > 1;
  };
  const blockOf = (element: Element) => {
    let block = element.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    return block;
  };
  const inRunningText = (element: Element) => {
    if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
    const own = (element.textContent ?? '').trim();
    const around = (blockOf(element)?.textContent ?? '').trim();
    return around.replace(own, '').trim().length > 0;
  };
  const targetBox = (element: Element) => {
    const box = (element.closest('.rt-TextFieldRoot') ?? element).getBoundingClientRect();
    if (!(element instanceof HTMLInputElement) || !['checkbox', 'radio'].includes(element.type)) return box;
    const label = element.labels?.[0];
    return label && shown(label) ? label.getBoundingClientRect() : box;
  };
  const small: { what: string; width: number; height: number }[] = [];
  for (const element of document.querySelectorAll(INTERACTIVE)) {
    if (!shown(element) || inRunningText(element)) continue;
    const { width, height } = targetBox(element);
    // Half a pixel of rounding is layout, not a smaller target.
    if (width < min - 0.5 || height < min - 0.5) small.push({ what: describe(element), width: Math.round(width), height: Math.round(height) });
  }
  const tinyText: { what: string; fontSize: number }[] = [];
  for (const element of document.querySelectorAll(TYPED)) {
    if (!shown(element)) continue;
    const fontSize = parseFloat(getComputedStyle(element).fontSize);
    if (fontSize < minFont) tinyText.push({ what: describe(element), fontSize });
  }
  return { small, tinyText };
};

/** The screen as it stands: every target at least 44×44 px and no field that makes iOS zoom. */
export const expectTouchFriendly = async (page: Page, where: string) => {
  // A dialog grows into place (Radix scales it in): measured once every finite animation has ended.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running'),
  );
  const { small, tinyText } = await page.evaluate(measureTargets, { min: MIN_TARGET_PX, minFont: MIN_INPUT_FONT_PX });
  expect(small, `${where}: targets under ${MIN_TARGET_PX}×${MIN_TARGET_PX} px`).toEqual([]);
  expect(tinyText, `${where}: fields with text under ${MIN_INPUT_FONT_PX} px`).toEqual([]);
};
