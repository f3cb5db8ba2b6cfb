import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '@entry/i18n';
import * as TextField from '@radix-ui/themes/components/text-field';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import { useFieldIdForSummary } from './error-summary.tsx';
import { FormField } from './form-field.tsx';
import { useValueShownBeforeHydration } from './use-value-shown-before-hydration.ts';
import './locales.ts';
import './text-input.css';

type Rules<T extends FieldValues, N extends FieldPath<T>> = NonNullable<UseControllerProps<T, N>['rules']>;

export type TextInputProps<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>> = {
  name: N;
  label: string;
  /** required, min, max, minLength, maxLength, pattern, validate; a rule's message overrides the kit's. */
  rules?: Rules<T, N>;
  /** Only outside a `<Form>`; inside one the field finds its form through context. */
  control?: Control<T>;
  /** A text input (whatever `type` says) that asks for the numeric keypad and accepts digits only (spec 5). */
  numeric?: boolean;
  type?: 'text' | 'email' | 'password' | 'search' | 'tel' | 'url';
  placeholder?: string;
  autoComplete?: string;
  /** What the field asks for (a password's rule), under its label before anything is typed, and read with it. */
  hint?: string;
  /** A control at the field's end, inside its border (a password's Show button). */
  end?: ReactNode;
};

const KIT_MESSAGES = ['required', 'min', 'max', 'minLength', 'maxLength', 'pattern'] as const;

const ruleValue = (rule: unknown): unknown =>
  typeof rule === 'object' && rule !== null && !(rule instanceof RegExp) && 'value' in rule ? rule.value : rule;

const isRequired = (rule: unknown): boolean => Boolean(ruleValue(rule));

type Validate = (...args: never[]) => unknown;

/** A validate rule that says the kit's text where it only answers false. */
const withValidateText = (validate: Validate, text: string) => (...args: never[]) => {
  const verdict = validate(...args);
  const spoken = (answer: unknown) => (answer === false ? text : answer);
  return verdict instanceof Promise ? verdict.then(spoken) : spoken(verdict);
};

/**
 * The rules with a message each: a rule's own, or the kit's text with its limit filled in. The error
 * then carries what the field shows, so the form's error summary says the same.
 */
const withKitMessages = <R extends Record<string, unknown>>(rules: R, text: (key: string, value?: unknown) => string): R => {
  const spoken: Record<string, unknown> = { ...rules };
  for (const name of KIT_MESSAGES) {
    const rule = rules[name];
    if (rule === undefined || rule === false) continue;
    const own = typeof rule === 'object' && rule !== null && !(rule instanceof RegExp) && 'message' in rule ? (rule as { message?: unknown }).message : undefined;
    if (name === 'required' && typeof rule === 'string') continue;
    if (typeof own === 'string' && own) continue;
    spoken[name] = { value: ruleValue(rule), message: text(`form.${name}`, ruleValue(rule)) };
  }
  const { validate } = rules as { validate?: Validate | Record<string, Validate> };
  if (typeof validate === 'function') spoken.validate = withValidateText(validate, text('form.validate'));
  else if (validate) spoken.validate = Object.fromEntries(Object.entries(validate).map(([key, check]) => [key, withValidateText(check, text('form.validate'))]));
  return spoken as R;
};

const DIGITS = /^[0-9]*$/;

/** A labelled text input bound to a react-hook-form field, with its validation error under it. */
export const TextInput = <T extends FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  name,
  label,
  rules = {},
  control,
  numeric = false,
  type = 'text',
  hint,
  end,
  ...input
}: TextInputProps<T, N>) => {
  const { t } = useTranslation('ui');
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  useFieldIdForSummary(name, id);
  const allRules = withKitMessages<Rules<T, N>>(numeric ? { pattern: { value: DIGITS, message: t('form.numeric') }, ...rules } : rules, (key, value) =>
    t(key, { value }),
  );
  const {
    field: { ref, value, onChange, onBlur, disabled },
    fieldState: { error },
  } = useController<T, N>({ name, control, rules: allRules });
  const required = isRequired(rules.required);
  const element = useRef<HTMLInputElement | null>(null);
  useValueShownBeforeHydration(() => element.current?.value, value ?? '', onChange);
  // Every rule carries its message (its own, or the kit's).
  const errorText = error?.message;
  return (
    <FormField
      id={id}
      label={label}
      required={required}
      error={errorText}
      errorId={errorId}
      hint={hint}
      hintId={hintId}
    >
      <TextField.Root
        {...input}
        id={id}
        type={numeric ? 'text' : type}
        inputMode={numeric ? 'numeric' : undefined}
        name={name}
        value={value ?? ''}
        onChange={onChange}
        onBlur={onBlur}
        ref={(input) => {
          element.current = input;
          ref(input);
        }}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined}
      >
        {end && <TextField.Slot side="right">{end}</TextField.Slot>}
      </TextField.Root>
    </FormField>
  );
};
