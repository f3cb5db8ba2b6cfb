import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders, Form, useAppForm } from '@entry/ui';
import { NewPasswordField } from './new-password-field.tsx';

const network = setupServer(
  http.post('*/public/user/verify_password_strength', async ({ request }) => {
    const { password } = (await request.json()) as { password: string };
    return password === 'password1'
      ? HttpResponse.json({ score: 0, weak: true, feedback: ['This is a top-10 common password.', 'Add another word or two.'] })
      : HttpResponse.json({ score: 4, weak: false, feedback: [] });
  }),
);
beforeAll(() => network.listen({ onUnhandledFrame: 'error' }));
afterEach(cleanup);
afterAll(() => network.close());

const NewPassword = () => {
  const form = useAppForm<{ password: string }>({ defaultValues: { password: '' } });
  return (
    <Form form={form} onSubmit={() => undefined} aria-label="New password">
      <NewPasswordField<{ password: string }> name="password" label="Choose a password" />
      <button type="submit">Save</button>
    </Form>
  );
};

const open = () =>
  render(
    <AppProviders brand="atom">
      <NewPassword />
    </AppProviders>,
  );

describe('NewPasswordField', () => {
  it('shows its rule before anything is typed, read with the field', () => {
    open();
    const input = screen.getByLabelText(/^Choose a password/);
    const rule = screen.getByText(/^At least 8 characters\./);
    expect(input.getAttribute('aria-describedby')).toContain(rule.id);
  });

  it('shows and hides what was typed with a button whose name says what it will do', async () => {
    const user = userEvent.setup();
    open();
    const input = screen.getByLabelText(/^Choose a password/);
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('says one thing at a time: the server’s most specific advice, or the field’s error alone', async () => {
    const user = userEvent.setup();
    open();
    const input = screen.getByLabelText(/^Choose a password/);
    await user.type(input, 'password1');
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('This is a top-10 common password.'));
    await user.clear(input);
    await user.type(input, 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Under the field (the form's error summary links to it with the same words).
    await waitFor(() => expect(screen.getByText('Use at least 8 characters', { selector: 'p' })).toBeTruthy());
    expect(status.textContent).toBe('');
  });
});
