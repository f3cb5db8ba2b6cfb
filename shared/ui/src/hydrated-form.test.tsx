import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from './form.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextInput } from './text-input.tsx';
import { useAppForm } from './use-app-form.ts';

type Values = { username: string; password: string };

const LogIn = ({ onSubmit }: { onSubmit: (values: Values) => void }) => {
  const form = useAppForm<Values>({ defaultValues: { username: '', password: '' } });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Log in">
      <TextInput<Values> name="username" label="Username" rules={{ required: true }} />
      <TextInput<Values> name="password" label="Password" type="password" rules={{ required: true }} />
      <SubmitButton>Log in</SubmitButton>
    </Form>
  );
};

/** The form as a page composed on the server puts it in front of the visitor, before any script runs. */
const serverPage = (onSubmit: (values: Values) => void) => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<LogIn onSubmit={onSubmit} />);
  document.body.append(container);
  return container;
};

const fieldOf = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
const buttonOf = (container: HTMLElement) => container.querySelector('button') as HTMLButtonElement;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a form on a page composed on the server', () => {
  it('cannot be sent by the browser itself before its scripts run, and never through the address', () => {
    const container = serverPage(vi.fn());
    expect(buttonOf(container).disabled).toBe(true);
    expect(container.querySelector('form')?.getAttribute('method')).toBe('post');
  });

  it('keeps what the visitor typed before hydration, and sends it once the page runs', async () => {
    const onSubmit = vi.fn();
    const container = serverPage(onSubmit);
    // The visitor (or a password manager) fills the fields while the scripts are still loading.
    fieldOf(container, 'username').value = 'parent1';
    fieldOf(container, 'password').value = 'typed early';

    const root = await act(async () => hydrateRoot(container, <LogIn onSubmit={onSubmit} />));
    expect(buttonOf(container).disabled).toBe(false);
    expect(fieldOf(container, 'username').value).toBe('parent1');

    await act(async () => buttonOf(container).click());
    expect(onSubmit).toHaveBeenCalledWith({ username: 'parent1', password: 'typed early' }, expect.anything());
    expect(fieldOf(container, 'password').value).toBe('typed early');
    act(() => root.unmount());
  });

  it('starts empty and enabled when the browser renders it alone', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<LogIn onSubmit={vi.fn()} />));
    expect(buttonOf(container).disabled).toBe(false);
    expect(fieldOf(container, 'username').value).toBe('');
    act(() => root.unmount());
  });
});
