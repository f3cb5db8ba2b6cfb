import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '@entry/i18n';
import * as TextField from '@radix-ui/themes/components/text-field';
import {
  useController,
  type Control,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
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

const KIT_MESSAGES = new Set(['required', 'min', 'max', 'minLength', 'maxLength', 'pattern']);

const ruleValue = (rule: unknown): unknown =>
  typeof rule === 'object' && rule !== null && 'value' in rule ? rule.value : rule;

const isRequired = (rule: unknown): boolean => Boolean(ruleValue(rule));

/** The kit's text for a failed rule; any validate rule, named or not, shares one text. */
const kitMessageKey = (error: FieldError) => `form.${KIT_MESSAGES.has(error.type) ? error.type : 'validate'}`;

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
  const allRules: Rules<T, N> = numeric ? { pattern: { value: DIGITS, message: t('form.numeric') }, ...rules } : rules;
  const {
    field: { ref, value, onChange, onBlur, disabled },
    fieldState: { error },
  } = useController<T, N>({ name, control, rules: allRules });
  const required = isRequired(rules.required);
  const element = useRef<HTMLInputElement | null>(null);
  useValueShownBeforeHydration(() => element.current?.value, value ?? '', onChange);
  // A rule's own message wins; otherwise the kit's text for that rule, with its limit filled in.
  const errorText =
    error &&
    (error.message || t(kitMessageKey(error), { value: ruleValue((allRules as Record<string, unknown>)[error.type]) }));
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
