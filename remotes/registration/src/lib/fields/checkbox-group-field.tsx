import { useId, useRef } from 'react';
import { Text, useController, useValueShownBeforeHydration, type Control } from '@entry/ui';
import { ChoiceFieldset } from './choice-fieldset.tsx';

type Option = { value: string; label: string };
type Values = Record<string, unknown>;

type Props = {
  name: string;
  legend: string;
  options: Option[];
  /** The message when none is ticked; leave it out to allow none. */
  requiredMessage?: string;
  control?: Control<Values>;
};

/** A choice of several, as native checkboxes in a fieldset; the value is the ticked options' values. */
export const CheckboxGroupField = ({ name, legend, options, requiredMessage, control }: Props) => {
  const id = useId();
  const errorId = `${id}-error`;
  const {
    field: { value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController<Values>({
    name,
    control,
    rules: requiredMessage ? { validate: (ticked) => (Array.isArray(ticked) && ticked.length > 0) || requiredMessage } : {},
  });
  const ticked = Array.isArray(value) ? (value as string[]) : [];
  const inputs = useRef(new Map<string, HTMLInputElement>());
  useValueShownBeforeHydration(
    () => options.filter((option) => inputs.current.get(option.value)?.checked).map((option) => option.value),
    ticked,
    onChange,
    (a, b) => a.join('\n') === b.join('\n'),
  );
  const toggle = (option: string) =>
    onChange(ticked.includes(option) ? ticked.filter((item) => item !== option) : [...ticked, option]);
  return (
    <ChoiceFieldset legend={legend} required={Boolean(requiredMessage)} errorId={errorId} error={error?.message}>
      {options.map((option, index) => (
        <label key={option.value} className="registration-choice">
          <input
            type="checkbox"
            name={name}
            value={option.value}
            checked={ticked.includes(option.value)}
            onChange={() => toggle(option.value)}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            ref={(input) => {
              if (input) inputs.current.set(option.value, input);
              else inputs.current.delete(option.value);
              if (index === 0) ref(input);
            }}
          />
          <Text as="span" size="2">
            {option.label}
          </Text>
        </label>
      ))}
    </ChoiceFieldset>
  );
};
