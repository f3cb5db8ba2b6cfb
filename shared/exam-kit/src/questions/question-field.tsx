import { useId, useRef, type SyntheticEvent } from 'react';
import type { AnswerValue, ExamQuestion } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { Text, useValueShownBeforeHydration } from '@entry/ui';
import { wordCount } from '../format.ts';
import './questions.css';
// Registers the kit's texts; imported here because a bundler may skip the package's index.
import '../locales.ts';

type Props = {
  question: ExamQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  disabled?: boolean;
};

const Prompt = ({ text }: { text: string }) => <span className="question-prompt">{text}</span>;

/** Keys that move a slider; pressed on an unanswered one at its end, they give that end as the answer. */
const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/** The options an answer names: one for a choice, any number for a multiple choice. */
const chosenOf = (value: AnswerValue | undefined): string[] => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []);

/**
 * A choice of one (radio buttons) or several (checkboxes). One picked on a page composed on the
 * server before its scripts ran (the demo's question) is taken in as the page hydrates.
 */
const ChoiceField = ({ question, value, onChange, disabled }: Props & { question: { type: 'choice' | 'multi_choice' } }) => {
  const { t } = useTranslation('exam-kit');
  const hintId = `${useId()}-hint`;
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const multiple = question.type === 'multi_choice';
  const chosen = chosenOf(value);
  useValueShownBeforeHydration<string[]>(
    () => question.options.filter((option) => inputs.current.get(option.id)?.checked).map((option) => option.id),
    chosen,
    (shown) => onChange(multiple ? shown : (shown[0] ?? '')),
    (a, b) => a.join('\n') === b.join('\n'),
  );
  const toggle = (option: string) => onChange(chosen.includes(option) ? chosen.filter((item) => item !== option) : [...chosen, option]);
  return (
    <fieldset className="question-field" disabled={disabled} aria-describedby={multiple ? hintId : undefined}>
      <legend>
        <Prompt text={question.prompt} />
      </legend>
      {multiple && (
        <Text as="p" size="2" color="gray" id={hintId} mb="2">
          {t('question.chooseAll')}
        </Text>
      )}
      <div className="question-options">
        {question.options.map((option) => (
          <label key={option.id} className="question-option">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={`question-${question.id_question}`}
              value={option.id}
              checked={chosen.includes(option.id)}
              onChange={() => (multiple ? toggle(option.id) : onChange(option.id))}
              ref={(input) => {
                if (input) inputs.current.set(option.id, input);
                else inputs.current.delete(option.id);
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
};

/**
 * One question's answer control, by type, with native elements (the UI kit has no radio, checkbox,
 * slider or text area): the prompt is the fieldset's legend or the control's label.
 */
export const QuestionField = ({ question, value, onChange, disabled = false }: Props) => {
  const { t } = useTranslation('exam-kit');
  const id = useId();
  const hintId = `${id}-hint`;

  switch (question.type) {
    case 'choice':
    case 'multi_choice':
      return <ChoiceField question={question} value={value} onChange={onChange} disabled={disabled} />;
    case 'range': {
      // No answer yet shows no thumb: one resting at the minimum would look like an answer given.
      const answered = typeof value === 'number';
      const current = answered ? value : question.min;
      // A press that leaves the value where it was (the minimum, on an unanswered slider) fires no
      // change, yet the child chose that value: it becomes the answer on release.
      const choose = (event: SyntheticEvent<HTMLInputElement>) => {
        if (!answered) onChange(Number(event.currentTarget.value));
      };
      return (
        <div className="question-field">
          <label htmlFor={id}>
            <Prompt text={question.prompt} />
          </label>
          <Text as="p" size="2" color="gray" id={hintId}>
            {t('question.rangeHint', { min: question.min, max: question.max, unit: question.unit })}
          </Text>
          <output htmlFor={id} className="question-range-value" data-answered={answered || undefined}>
            {answered ? `${current}${question.unit}` : t('question.notAnswered')}
          </output>
          <input
            id={id}
            type="range"
            className="question-range"
            data-answered={answered || undefined}
            min={question.min}
            max={question.max}
            step={question.step}
            value={current}
            disabled={disabled}
            aria-describedby={hintId}
            aria-valuetext={answered ? `${current}${question.unit}` : t('question.notAnswered')}
            onChange={(event) => onChange(Number(event.target.value))}
            onPointerUp={choose}
            onKeyUp={(event) => SLIDER_KEYS.has(event.key) && choose(event)}
          />
          <div className="question-range-ends" aria-hidden="true">
            <span>{`${question.min}${question.unit}`}</span>
            <span>{`${question.max}${question.unit}`}</span>
          </div>
        </div>
      );
    }
    case 'freetext': {
      return (
        <div className="question-field">
          <label htmlFor={id}>
            <Prompt text={question.prompt} />
          </label>
          <input
            id={id}
            type="text"
            className="question-text"
            maxLength={question.max_length}
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      );
    }
    case 'freetext_mid':
    case 'freetext_long': {
      const text = typeof value === 'string' ? value : '';
      const long = question.type === 'freetext_long';
      return (
        <div className="question-field">
          <label htmlFor={id}>
            <Prompt text={question.prompt} />
          </label>
          <textarea
            id={id}
            className="question-text"
            rows={long ? 12 : 4}
            maxLength={question.max_length}
            disabled={disabled}
            aria-describedby={hintId}
            value={text}
            onChange={(event) => onChange(event.target.value)}
          />
          <Text as="p" size="1" color="gray" id={hintId}>
            {long ? t('question.words', { count: wordCount(text) }) : t('question.characters', { count: [...text].length, max: question.max_length })}
          </Text>
        </div>
      );
    }
  }
};
