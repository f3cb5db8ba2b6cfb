import { act, cleanup, render, screen, within } from '@testing-library/react';
import { toast } from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from './notify.ts';
import { TOAST_LIMIT } from '@entry/constants';
import { Toasts } from './toasts.tsx';

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** Rendered toast texts, hidden (dismissed) ones included. */
const texts = () => [...document.querySelectorAll('.ui-toast')].map((node) => node.textContent);

beforeEach(() => {
  vi.useFakeTimers();
  render(<Toasts />);
});

afterEach(() => {
  cleanup();
  // react-hot-toast keeps its toasts in module state, which outlives the rendered host.
  toast.remove();
  vi.useRealTimers();
});

describe('Toasts and notify', () => {
  it('shows a success politely for 2 s and removes it 1 s after it is dismissed', async () => {
    act(() => void notify.success('Saved'));
    const status = screen.getByRole('status');
    expect(status).toHaveProperty('textContent', 'Saved');
    expect(status.getAttribute('aria-live')).toBe('polite');

    await wait(1999);
    expect(screen.queryByRole('status')).not.toBeNull();
    await wait(1);
    expect(screen.queryByRole('status')).toBeNull();
    expect(texts()).toEqual(['Saved']);
    expect(document.querySelector('.ui-toast')?.getAttribute('data-state')).toBe('closed');

    await wait(999);
    expect(texts()).toEqual(['Saved']);
    await wait(1);
    expect(texts()).toEqual([]);
  });

  it('announces an error assertively and shows it for 4 s', async () => {
    act(() => void notify.error('Could not save'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Could not save');
    expect(alert.getAttribute('aria-live')).toBe('assertive');

    await wait(3999);
    expect(screen.queryByRole('alert')).not.toBeNull();
    await wait(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a blank toast politely for 4 s', async () => {
    act(() => void notify.blank('Heads up'));
    expect(screen.getByRole('status').textContent).toBe('Heads up');
    await wait(3999);
    expect(screen.queryByRole('status')).not.toBeNull();
    await wait(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('gives up on a loading toast after 30 s', async () => {
    act(() => void notify.loading('Saving'));
    await wait(29_999);
    expect(screen.getByRole('status').textContent).toBe('Saving');
    await wait(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('updates a toast in place when given its id, with the new kind and timing', async () => {
    let id = '';
    act(() => void (id = notify.loading('Saving', { id: 'save' })));
    expect(id).toBe('save');
    await wait(10_000);

    act(() => void notify.success('Saved', { id: 'save' }));
    expect(texts()).toEqual(['Saved']);
    await wait(1999);
    expect(screen.getByRole('status').textContent).toBe('Saved');
    await wait(1);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => void notify.error('Failed', { id: 'save' }));
    expect(texts()).toEqual(['Failed']);
    expect(screen.getByRole('alert').textContent).toBe('Failed');
  });

  it('dismisses a toast by id at once and removes it a second later', async () => {
    act(() => {
      notify.blank('First', { id: 'first' });
      notify.blank('Second');
    });
    act(() => notify.dismiss('first'));
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toEqual(['Second']);
    await wait(1000);
    expect(texts()).toEqual(['Second']);
  });

  it('keeps at most 20 toasts, the newest first', () => {
    act(() => {
      for (let n = 1; n <= 25; n += 1) notify.blank(`Toast ${n}`);
    });
    expect(TOAST_LIMIT).toBe(20);
    const shown = screen.getAllByRole('status').map((node) => node.textContent);
    expect(shown).toHaveLength(20);
    expect(shown[0]).toBe('Toast 25');
    expect(shown[19]).toBe('Toast 6');
  });

  it('places the host where asked', () => {
    cleanup();
    const { container } = render(<Toasts position="bottom-right" />);
    expect(container.querySelector('.ui-toasts')?.getAttribute('data-position')).toBe('bottom-right');
  });
});

describe('a toast with an action', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => toast.remove());
    cleanup();
    vi.useRealTimers();
  });

  it('stays until acted on, then runs the action and goes', async () => {
    const onClick = vi.fn();
    const { container } = render(<Toasts />);
    act(() => {
      notify.blank('A new version is available', { id: 'release', action: { label: 'Update', onClick } });
    });
    await wait(60_000);
    const button = within(container).getByRole('button', { name: 'Update' });
    act(() => button.click());
    expect(onClick).toHaveBeenCalledTimes(1);
    await wait(1100);
    expect(container.querySelectorAll('.ui-toast')).toHaveLength(0);
  });
});
