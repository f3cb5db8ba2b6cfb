import { describe, expect, it } from 'vitest';
import * as ui from './ui.ts';

describe('interface kit numbers', () => {
  it('shows toasts 4 s (blank, error), 2 s (success) and 30 s (loading)', () => {
    expect(ui.TOAST_DURATIONS_MS).toEqual({ blank: 4000, error: 4000, success: 2000, loading: 30_000 });
    expect(ui.TOAST_LIMIT).toBe(20);
    expect(ui.TOAST_WIDTH_PX).toBe(400);
    expect(ui.TOAST_SPACING_PX).toBe(8);
    expect(ui.TOAST_REMOVE_DELAY_MS).toBe(1000);
  });

  it('has a width for every dialog size but fullscreen', () => {
    expect(ui.DIALOG_WIDTHS_PX).toEqual({ xs: 380, sm: 480, md: 600, lg: 800, xl: 1100 });
    expect(ui.DIALOG_SIZES).toEqual([...Object.keys(ui.DIALOG_WIDTHS_PX), 'fullscreen']);
    expect(ui.DIALOG_MAX_VIEWPORT_PERCENT).toBe(90);
    expect(ui.DIALOG_ANIMATION_MS).toBe(550);
    expect(ui.DIALOG_OVERLAY_FADE_IN_MS).toBe(250);
  });

  it('gives alert dialogs 380, 480 and 600 px, the same as the matching dialog sizes', () => {
    expect(Object.values(ui.ALERT_DIALOG_WIDTHS_PX)).toEqual([380, 480, 600]);
    for (const size of ui.ALERT_DIALOG_SIZES) {
      expect(ui.ALERT_DIALOG_WIDTHS_PX[size]).toBe(ui.DIALOG_WIDTHS_PX[size]);
    }
  });

  it('times tooltips and the accordion', () => {
    expect([ui.TOOLTIP_DELAY_MS, ui.TOOLTIP_PROVIDER_DELAY_MS, ui.TOOLTIP_SKIP_DELAY_MS]).toEqual([350, 700, 300]);
    expect(ui.TOOLTIP_MAX_WIDTHS_PX).toEqual({ sm: 100, md: 250, lg: 400 });
    expect(ui.ACCORDION_ANIMATION_MS).toBe(300);
  });

  it('has the breakpoints and sizes of the spec', () => {
    expect(ui.BREAKPOINTS_PX).toEqual([550, 800, 1100, 1350]);
    expect(ui.BUTTON_SIZES).toEqual(['sm', 'md', 'lg', 'xl']);
    expect(ui.TOGGLE_SIZES_PX).toEqual([32, 40, 48]);
    expect(ui.LOADING_OVERLAY_Z_INDEX).toBe(2000);
  });
});
