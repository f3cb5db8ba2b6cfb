/** The exam kit's en-GB texts (namespace 'exam-kit'), shared by the taster and assessments remotes. */
import { addTranslations } from '@entry/i18n';

export const examKitTexts = {
  timer: {
    label: 'Time left',
    minutesLeft_one: '{{count}} minute left',
    minutesLeft_other: '{{count}} minutes left',
  },
  question: {
    of: 'Question {{number}} of {{total}}',
    flag: 'Flag for review',
    flagged: 'Flagged for review',
    chooseAll: 'Choose all that apply.',
    rangeHint: 'Tap or drag along the line, or use the arrow keys: from {{min}} to {{max}}{{unit}}.',
    notAnswered: 'Not answered yet',
    characters: '{{count}} of {{max}} characters',
    words_one: '{{count}} word',
    words_other: '{{count}} words',
  },
  subjects: {
    english: 'English',
    verbal_reasoning: 'Verbal reasoning',
    maths: 'Maths',
    non_verbal_reasoning: 'Non-verbal reasoning',
    science: 'Science',
  },
  duration: {
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
  },
  load: {
    loading: 'Loading…',
    failed: 'We could not load this page. Check your connection and try again.',
    retry: 'Try again',
  },
  nav: {
    answered: 'answered',
    notAnswered: 'not answered',
    answeredFlagged: 'answered, flagged for review',
    notAnsweredFlagged: 'not answered, flagged for review',
    navLabel: 'Questions',
    toggle: 'All questions',
    answeredCount: '{{answered}} of {{total}} answered',
    navButton: 'Question {{number}}: {{state}}',
    legendAnswered: 'Answered',
    legendNotAnswered: 'Not answered',
    legendFlagged: 'Flagged for review',
  },
} as const;

addTranslations('exam-kit', examKitTexts);
