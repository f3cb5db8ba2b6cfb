import type { QuestionType } from '@entry/constants';

export type ChoiceOption = { id: string; label: string };

/** What a question shows besides its prompt, by type; sent to the page as is. */
export type QuestionBody =
  | { options: ChoiceOption[] }
  | { min: number; max: number; step: number; unit: string }
  | { max_length: number };

/**
 * How a question is marked; never sent before the test is submitted. Keywords are groups of
 * alternatives: an answer must contain one word of every group. A long answer has only a model
 * answer, for the reader, and is marked by a person.
 */
export type AnswerKey =
  | { option: string }
  | { options: string[] }
  | { accept: string[] }
  | { value: number; tolerance: number }
  | { keywords: string[][]; model: string }
  | { model: string };

export type AnswerValue = string | number | string[];

export type QuestionRow = {
  id_question: number;
  type: QuestionType;
  prompt: string;
  body: QuestionBody;
  key: AnswerKey;
  /** Why the right answer is right, for the result page; like the key, never sent before a submit. */
  explanation?: string;
};

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const optionIds = (body: QuestionBody) => ('options' in body ? body.options.map((option) => option.id) : []);

/**
 * Whether a value is an answer this question can take. An empty text or an empty selection is an
 * answer too: it is how an applicant takes an answer back.
 */
export const isValidAnswer = (question: Pick<QuestionRow, 'type' | 'body'>, value: unknown): value is AnswerValue => {
  const { type, body } = question;
  switch (type) {
    case 'choice':
      return typeof value === 'string' && optionIds(body).includes(value);
    case 'multi_choice':
      return isStringArray(value) && new Set(value).size === value.length && value.every((id) => optionIds(body).includes(id));
    case 'range':
      return 'min' in body && typeof value === 'number' && Number.isFinite(value) && value >= body.min && value <= body.max;
    case 'freetext':
    case 'freetext_mid':
    case 'freetext_long':
      return 'max_length' in body && typeof value === 'string' && [...value].length <= body.max_length;
  }
};

/** Case, surrounding space, runs of space and a final full stop do not change a short answer. */
export const normaliseText = (text: string): string =>
  text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');

export type Mark = {
  /** null: not marked automatically (a long answer), or not answered where that cannot be judged. */
  correct: boolean | null;
  /** The right answer, in words, for the result page. */
  expected: string;
};

const labelsOf = (body: QuestionBody, ids: string[]) =>
  'options' in body ? body.options.filter((option) => ids.includes(option.id)).map((option) => option.label) : [];

const hasAnswer = (value: AnswerValue | undefined): value is AnswerValue =>
  value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Marks one answer against its key (an unanswered question is wrong, except a long one: unmarked). */
export const markAnswer = (question: QuestionRow, value: AnswerValue | undefined): Mark => {
  const { body, key } = question;
  const answered = hasAnswer(value);
  if ('option' in key) {
    return { correct: answered && value === key.option, expected: labelsOf(body, [key.option]).join('') };
  }
  if ('options' in key) {
    const chosen = Array.isArray(value) ? value : [];
    const correct = answered && chosen.length === key.options.length && key.options.every((id) => chosen.includes(id));
    return { correct, expected: labelsOf(body, key.options).join(', ') };
  }
  if ('accept' in key) {
    const correct = answered && typeof value === 'string' && key.accept.some((text) => normaliseText(text) === normaliseText(value));
    return { correct, expected: key.accept[0] ?? '' };
  }
  if ('value' in key) {
    const unit = 'unit' in body ? body.unit : '';
    const correct = answered && typeof value === 'number' && Math.abs(value - key.value) <= key.tolerance;
    return { correct, expected: `${key.value}${unit}` };
  }
  if ('keywords' in key) {
    const text = typeof value === 'string' ? value.toLowerCase() : '';
    const correct = answered && key.keywords.every((group) => group.some((word) => text.includes(word.toLowerCase())));
    return { correct, expected: key.model };
  }
  return { correct: null, expected: key.model };
};

export type TasterScore = {
  correct: number;
  /** The questions marked automatically; the percentage is of these. */
  marked: number;
  total: number;
  percentage: number;
  /** explanation: an extension of the reference server, present where the question has one. */
  questions: ({ id_question: number; explanation?: string } & Mark)[];
};

/** The PERCENTAGE scoring method: right answers over automatically marked questions, rounded. */
export const scorePercentage = (questions: QuestionRow[], answers: Record<string, AnswerValue>): TasterScore => {
  const marks = questions.map((question) => ({
    id_question: question.id_question,
    ...markAnswer(question, answers[String(question.id_question)]),
    ...(question.explanation === undefined ? {} : { explanation: question.explanation }),
  }));
  const marked = marks.filter((mark) => mark.correct !== null).length;
  const correct = marks.filter((mark) => mark.correct === true).length;
  return {
    correct,
    marked,
    total: questions.length,
    percentage: marked === 0 ? 0 : Math.round((100 * correct) / marked),
    questions: marks,
  };
};
