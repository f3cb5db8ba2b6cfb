import { useId, useRef } from 'react';
import { Text, useController, useValueShownBeforeHydration, type Control } from '@entry/ui';
import { ChoiceFieldset } from './choice-fieldset.tsx';

type Option = { value: string; label: string; description?: string };
type Values = Record<string, unknown>;

type Props = {
  name: string;
  legend: string;
  options: Option[];
  /** The message when nothing is chosen; leave it out for an optional choice. */
  requiredMessage?: string;
  control?: Control<Values>;
};

/**
 * A choice of one, as native radio buttons in a fieldset: arrow keys move within the group, Tab
 * leaves it. The kit has no radio group, so this sits on react-hook-form's controller like its
 * TextInput and shows its error the same way.
 */
export const RadioGroupField = ({ name, legend, options, requiredMessage, control }: Props) => {
  const id = useId();
  const errorId = `${id}-error`;
  const {
    field: { value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController<Values>({ name, control, rules: requiredMessage ? { required: requiredMessage } : {} });
  const inputs = useRef(new Map<string, HTMLInputElement>());
  useValueShownBeforeHydration(() => options.find((option) => inputs.current.get(option.value)?.checked)?.value, value, onChange);
  const focusIndex = Math.max(0, options.findIndex((option) => option.value === value));
  return (
    <ChoiceFieldset
      legend={legend}
      required={Boolean(requiredMessage)}
      errorId={errorId}
      error={error?.message}
      role="radiogroup"
      aria-required={requiredMessage ? true : undefined}
      aria-invalid={error ? true : undefined}
    >
      {options.map((option, index) => (
        <label key={option.value} className="registration-choice">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            onBlur={onBlur}
            ref={(input) => {
              if (input) inputs.current.set(option.value, input);
              else inputs.current.delete(option.value);
              if (index === focusIndex) ref(input);
            }}
          />
          <span>
            <Text as="span" size="2" weight="medium">
              {option.label}
            </Text>
            {option.description && (
              <Text as="span" size="2" color="gray" className="registration-choice-description">
                {option.description}
              </Text>
            )}
          </span>
        </label>
      ))}
    </ChoiceFieldset>
  );
};
