import { useId, useRef } from 'react';
import { Flex, Text, useController, useValueShownBeforeHydration, type Control } from '@entry/ui';
import { FieldError, RequiredMark } from './field-error.tsx';
import './fields.css';

type Option = { value: string; label: string };
type Values = Record<string, unknown>;

type Props = {
  name: string;
  label: string;
  options: Option[];
  /** The first, empty choice ("Choose…"). */
  placeholder: string;
  requiredMessage?: string;
  control?: Control<Values>;
};

/** A native select with the kit's label and error layout (the kit has no select). */
export const SelectField = ({ name, label, options, placeholder, requiredMessage, control }: Props) => {
  const id = useId();
  const errorId = `${id}-error`;
  const {
    field: { value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController<Values>({ name, control, rules: requiredMessage ? { required: requiredMessage } : {} });
  const element = useRef<HTMLSelectElement | null>(null);
  useValueShownBeforeHydration(() => element.current?.value, typeof value === 'string' ? value : '', onChange);
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {requiredMessage && <RequiredMark />}
      </Text>
      <select
        id={id}
        className="registration-select"
        name={name}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        ref={(select) => {
          element.current = select;
          ref(select);
        }}
        aria-required={requiredMessage ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error?.message} />
    </Flex>
  );
};
