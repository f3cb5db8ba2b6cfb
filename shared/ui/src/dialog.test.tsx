import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@radix-ui/themes/components/button';
import { BrandTheme } from './brand-theme.tsx';
import { Dialog, type DialogSize } from './dialog.tsx';

afterEach(cleanup);

const openDialog = async (size?: DialogSize, description?: string) => {
  render(
    <BrandTheme brand="atom">
      <Dialog title="Details" description={description} size={size} open>
        body
      </Dialog>
    </BrandTheme>,
  );
  return screen.findByRole('dialog', { name: 'Details' });
};

const maxWidth = (dialog: HTMLElement) => dialog.style.getPropertyValue('--max-width');

const Controlled = () => {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      title="Details"
      description="About this test"
      trigger={<Button>Open</Button>}
      open={open}
      onOpenChange={setOpen}
    >
      <Button onClick={() => setOpen(false)}>Done</Button>
    </Dialog>
  );
};

describe('Dialog', () => {
  it('opens from a click on its trigger made while Radix was still loading', async () => {
    // A fresh copy of the module, whose Radix part has not loaded yet.
    vi.resetModules();
    const { Dialog: FreshDialog } = await import('./dialog.tsx');
    const user = userEvent.setup();
    render(
      <BrandTheme brand="atom">
        <FreshDialog title="Early" trigger={<Button>Open</Button>} />
      </BrandTheme>,
    );
    const placeholder = screen.getByRole('button', { name: 'Open' });
    expect(placeholder.hasAttribute('aria-haspopup')).toBe(false);
    await user.click(placeholder);
    await screen.findByRole('dialog', { name: 'Early' });
  });

  it('opens from its trigger with its title and description, and closes from its content', async () => {
    const user = userEvent.setup();
    render(
      <BrandTheme brand="atom">
        <Controlled />
      </BrandTheme>,
    );
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Open' }).getAttribute('aria-haspopup')).toBe('dialog'));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('About this test').id);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['xs', 380],
    ['sm', 480],
    ['md', 600],
    ['lg', 800],
    ['xl', 1100],
  ] as const)('is %s: at most %i px and 90vw wide', async (size, width) => {
    const dialog = await openDialog(size);
    expect(maxWidth(dialog)).toBe(`min(${width}px, 90vw)`);
    expect(dialog.style.getPropertyValue('--max-height')).toBe('90vh');
  });

  it('is md (600 px) by default', async () => {
    expect(maxWidth(await openDialog())).toBe('min(600px, 90vw)');
  });

  it('fills the viewport when fullscreen', async () => {
    const dialog = await openDialog('fullscreen');
    expect(maxWidth(dialog)).toBe('none');
    expect(dialog.classList).toContain('ui-dialog-fullscreen');
  });

  it('points to no description when it has none', async () => {
    expect((await openDialog('md')).hasAttribute('aria-describedby')).toBe(false);
  });
});
