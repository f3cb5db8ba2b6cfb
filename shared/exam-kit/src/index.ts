export { formatClock, isAnswered, minutesLeft, wordCount } from './format.ts';
export { useDurationLabel, useSubjectLabel } from './labels.ts';
export { isNotFound, LoadState } from './load-state.tsx';
export { QuestionCard } from './questions/question-card.tsx';
export { QuestionField } from './questions/question-field.tsx';
export { QuestionNav, type NavItem } from './questions/question-nav.tsx';
export { Timer } from './timer.tsx';
export { useCountdown } from './use-countdown.ts';
export { jsonFormat, useStoredState, type StoredStateFormat } from './use-stored-state.ts';
