import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from './form.tsx';
import { TextInput } from './text-input.tsx';
import { useAppForm } from './use-app-form.ts';

type Values = { name: string; age: string; code: string };

const SignUp = ({ onSubmit }: { onSubmit: (values: Values) => void }) => {
  const form = useAppForm<Values>({ defaultValues: { name: '', age: '', code: '' } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextInput<Values> name="name" label="Name" rules={{ required: true, minLength: 2 }} />
      <TextInput<Values> name="age" label="Age" numeric rules={{ min: 18, max: { value: 99, message: 'Too old' } }} />
      <TextInput<Values>
        name="code"
        label="Code"
        rules={{ pattern: /^[A-Z]*$/, maxLength: 4, validate: { free: (code) => code !== 'ABC' } }}
      />
      <button type="submit">Send</button>
    </Form>
  );
};

const setup = () => {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  render(<SignUp onSubmit={onSubmit} />);
  const field = (name: string) => screen.getByRole('textbox', { name });
  /** The error text the field points to, or null when it points to none. */
  const errorOf = (name: string) => {
    const id = field(name).getAttribute('aria-describedby');
    return id ? document.getElementById(id)?.textContent : null;
  };
  return { onSubmit, user, field, errorOf };
};

afterEach(cleanup);

describe('TextInput in a useAppForm form', () => {
  it('marks a required field with a hidden asterisk and aria-required', () => {
    const { field } = setup();
    const asterisk = screen.getByText('*');
    expect(asterisk.getAttribute('aria-hidden')).toBe('true');
    expect(asterisk.closest('label')?.htmlFor).toBe(field('Name').id);
    expect(field('Name').getAttribute('aria-required')).toBe('true');
    expect(screen.getAllByText('*')).toHaveLength(1);
    expect(field('Age').hasAttribute('aria-required')).toBe(false);
  });

  it('shows no error before the field loses focus, then shows it under the field', async () => {
    const { user, field, errorOf } = setup();
    await user.type(field('Name'), 'A');
    expect(field('Name').hasAttribute('aria-invalid')).toBe(false);
    expect(errorOf('Name')).toBeNull();

    await user.tab();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Name')).toBe('Enter at least 2 characters.');
    expect(field('Age').hasAttribute('aria-invalid')).toBe(false);
  });

  it('before the first submit, rechecks a field only when it loses focus again', async () => {
    const { user, field, errorOf } = setup();
    await user.type(field('Name'), 'A');
    await user.tab();
    await user.type(field('Name'), 'da');
    expect(errorOf('Name')).toBe('Enter at least 2 characters.');
    await user.tab();
    expect(errorOf('Name')).toBeNull();
    expect(field('Name').hasAttribute('aria-invalid')).toBe(false);
  });

  it('on the first submit checks every field, focuses the error summary, then rechecks on change', async () => {
    const { onSubmit, user, field, errorOf } = setup();
    await user.type(field('Age'), '12');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(onSubmit).not.toHaveBeenCalled();
    const summary = await screen.findByRole('alert');
    await vi.waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeTruthy();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['This field is required.', 'Enter 18 or more.']);
    expect(errorOf('Name')).toBe('This field is required.');
    expect(errorOf('Age')).toBe('Enter 18 or more.');
    expect(errorOf('Code')).toBeNull();

    await user.type(field('Name'), 'A');
    expect(errorOf('Name')).toBe('Enter at least 2 characters.');
    await user.type(field('Name'), 'da');
    expect(errorOf('Name')).toBeNull();
    await user.clear(field('Name'));
    expect(errorOf('Name')).toBe('This field is required.');
  });

  it('links each problem of the summary to its field, even when earlier fields are valid', async () => {
    const { onSubmit, user, field } = setup();
    await user.type(field('Name'), 'Ada');
    await user.type(field('Code'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const link = within(await screen.findByRole('alert')).getByRole('link', { name: 'Check the format of this field.' });
    expect(link.getAttribute('href')).toBe(`#${field('Code').id}`);
    await user.click(link);
    expect(document.activeElement).toBe(field('Code'));
  });

  it('checks min, max, numeric, pattern, maxLength and validate, preferring a rule’s own message', async () => {
    const { user, field, errorOf } = setup();
    const check = async (name: string, value: string) => {
      await user.clear(field(name));
      await user.type(field(name), value);
      await user.tab();
      return errorOf(name);
    };
    expect(await check('Age', '100')).toBe('Too old');
    expect(await check('Age', '1a')).toBe('Enter numbers only.');
    expect(await check('Age', '40')).toBeNull();
    expect(await check('Code', 'abc')).toBe('Check the format of this field.');
    expect(await check('Code', 'ABCDE')).toBe('Enter no more than 4 characters.');
    expect(await check('Code', 'ABC')).toBe('Check this field.');
    expect(await check('Code', 'ABD')).toBeNull();
  });

  it('makes a numeric field a text input that asks for the numeric keypad', () => {
    const { field } = setup();
    expect(field('Age').getAttribute('type')).toBe('text');
    expect(field('Age').getAttribute('inputmode')).toBe('numeric');
    expect(field('Name').hasAttribute('inputmode')).toBe(false);
  });

  it('submits the values once every field is valid, without the browser’s own validation', async () => {
    const { onSubmit, user, field } = setup();
    expect(screen.getByRole('button', { name: 'Send' }).closest('form')?.noValidate).toBe(true);
    await user.type(field('Name'), 'Ada');
    await user.type(field('Age'), '36');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Ada', age: '36', code: '' });
  });
});

describe('TextInput with a control prop', () => {
  it('works outside a Form', async () => {
    const user = userEvent.setup();
    const Standalone = () => {
      const form = useAppForm<{ email: string }>({ defaultValues: { email: '' } });
      return (
        <TextInput control={form.control} name="email" label="Email" type="email" rules={{ required: 'Enter your email' }} />
      );
    };
    render(<Standalone />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.getAttribute('type')).toBe('email');
    await user.click(email);
    await user.tab();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter your email');
  });
});
