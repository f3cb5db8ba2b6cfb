import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast/headless';
import { afterEach, describe, expect, it } from 'vitest';
import { alertDialog, useAlertDialogStore } from './alert-dialog-store.ts';
import { AppProviders } from './app-providers.tsx';
import { notify } from './notify.ts';

afterEach(() => {
  cleanup();
  toast.remove();
  useAlertDialogStore.setState({ queue: [] });
});

describe('AppProviders', () => {
  it('hosts the toasts and alert dialogs any screen raises', async () => {
    render(
      <AppProviders brand="quest">
        <p>screen</p>
      </AppProviders>,
    );
    screen.getByText('screen');
    act(() => {
      notify.error('Offline');
      alertDialog({ title: 'Session ended', description: 'Log in again.', actionLabel: 'Log in' });
    });
    expect(screen.getByRole('alert').textContent).toBe('Offline');
    await screen.findByRole('alertdialog', { name: 'Session ended' });
  });
});
