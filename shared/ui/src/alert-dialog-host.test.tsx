import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialogHost } from './alert-dialog-host.tsx';
import { alertDialog, useAlertDialogStore } from './alert-dialog-store.ts';
import { BrandTheme } from './brand-theme.tsx';

const renderHost = () =>
  render(
    <BrandTheme brand="atom">
      <AlertDialogHost />
    </BrandTheme>,
  );

afterEach(() => {
  cleanup();
  useAlertDialogStore.setState({ queue: [] });
});

describe('alert dialog queue', () => {
  it('shows one dialog at a time, first in first out', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    renderHost();
    act(() => {
      alertDialog({ title: 'First', description: 'One', actionLabel: 'OK', onAction });
      alertDialog({ title: 'Second', description: 'Two', actionLabel: 'Delete', cancelLabel: 'Keep' });
    });

    const first = await screen.findByRole('alertdialog', { name: 'First' });
    expect(first.getAttribute('aria-describedby')).toBe(screen.getByText('One').id);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('alertdialog', { name: 'Second' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog', { name: 'First' })).toBeNull();
    screen.getByRole('alertdialog', { name: 'Second' });

    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useAlertDialogStore.getState().queue).toEqual([]);
  });

  it('moves on when a dialog is closed with Escape, without running its action', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    renderHost();
    act(() => {
      alertDialog({ title: 'First', description: 'One', actionLabel: 'OK', onAction });
      alertDialog({ title: 'Second', description: 'Two', actionLabel: 'OK' });
    });
    await screen.findByRole('alertdialog', { name: 'First' });
    await user.keyboard('{Escape}');
    expect(onAction).not.toHaveBeenCalled();
    screen.getByRole('alertdialog', { name: 'Second' });
  });

  it('sizes the dialog 380, 480 or 600 px wide, never beyond 90% of the viewport', async () => {
    const user = userEvent.setup();
    renderHost();
    const width = () => screen.getByRole('alertdialog').style.getPropertyValue('--max-width');
    act(() => {
      alertDialog({ title: 'Default', description: 'd', actionLabel: 'OK' });
      alertDialog({ title: 'Extra small', description: 'd', actionLabel: 'OK', size: 'xs' });
      alertDialog({ title: 'Medium', description: 'd', actionLabel: 'OK', size: 'md' });
    });
    await screen.findByRole('alertdialog');
    expect(width()).toBe('min(480px, 90vw)');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(width()).toBe('min(380px, 90vw)');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(width()).toBe('min(600px, 90vw)');
  });

  it('closes by id, so closing a dialog twice leaves the next in place', () => {
    const { enqueue, close } = useAlertDialogStore.getState();
    const first = enqueue({ title: 'First', description: 'One', actionLabel: 'OK' });
    const second = alertDialog({ title: 'Second', description: 'Two', actionLabel: 'OK' });
    close(first);
    close(first);
    expect(useAlertDialogStore.getState().queue.map((dialog) => dialog.id)).toEqual([second]);
  });
});

describe('closing', () => {
  it('tells the caller however the dialog closed', async () => {
    const onClose = vi.fn();
    render(<AlertDialogHost />);
    act(() => {
      alertDialog({ title: 'Update', description: 'A new version', actionLabel: 'Update', cancelLabel: 'Later', onClose });
    });
    (await screen.findByRole('button', { name: 'Later' })).click();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('gives the focus back to what opened it', async () => {
    render(
      <>
        <button type="button" onClick={() => alertDialog({ title: 'Submit?', description: 'Sure?', actionLabel: 'Submit', cancelLabel: 'Keep going' })}>
          Finish
        </button>
        <AlertDialogHost />
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Finish' });
    trigger.focus();
    act(() => trigger.click());
    (await screen.findByRole('button', { name: 'Keep going' })).click();
    await vi.waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
