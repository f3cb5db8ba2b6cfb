import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form, SubmitButton, useAppForm } from '@entry/ui';
import { CheckboxGroupField } from './checkbox-group-field.tsx';
import { RadioGroupField } from './radio-group-field.tsx';
import { SelectField } from './select-field.tsx';

type Values = { subjects: string[]; plan: string; grade: string };

const OPTIONS = [
  { value: 'maths', label: 'Maths' },
  { value: 'english', label: 'English' },
  { value: 'science', label: 'Science' },
];

const SignUp = ({ onSubmit }: { onSubmit: (values: Values) => void }) => {
  const form = useAppForm<Values>({ defaultValues: { subjects: [], plan: '', grade: '' } });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Sign up">
      <CheckboxGroupField name="subjects" legend="Subjects" options={OPTIONS} requiredMessage="Choose one" />
      <RadioGroupField name="plan" legend="Plan" options={OPTIONS} requiredMessage="Choose a plan" />
      <SelectField name="grade" label="Grade" options={OPTIONS} placeholder="Choose…" requiredMessage="Choose a grade" />
      <SubmitButton>Sign up</SubmitButton>
    </Form>
  );
};

const input = (container: HTMLElement, selector: string) => container.querySelector(selector) as HTMLInputElement;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('choices made on a page composed on the server before its scripts run', () => {
  it('are kept by the form once the page hydrates, and sent', async () => {
    const onSubmit = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignUp onSubmit={onSubmit} />);
    document.body.append(container);
    // The visitor ticks, picks and chooses while the scripts are still loading.
    input(container, 'input[name="subjects"][value="maths"]').checked = true;
    input(container, 'input[name="subjects"][value="science"]').checked = true;
    input(container, 'input[name="plan"][value="english"]').checked = true;
    (container.querySelector('select') as HTMLSelectElement).value = 'science';

    const root = await act(async () => hydrateRoot(container, <SignUp onSubmit={onSubmit} />));
    expect(input(container, 'input[name="subjects"][value="maths"]').checked).toBe(true);
    expect(input(container, 'input[name="plan"][value="english"]').checked).toBe(true);

    await act(async () => (container.querySelector('button') as HTMLButtonElement).click());
    expect(onSubmit).toHaveBeenCalledWith({ subjects: ['maths', 'science'], plan: 'english', grade: 'science' }, expect.anything());
    act(() => root.unmount());
  });
});
