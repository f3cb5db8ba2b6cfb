import type { AnswerValue } from '@entry/api';

/** A clock face for a number of seconds: 7:05, or 1:02:03 from an hour up. */
export const formatClock = (totalSeconds: number): string => {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
};

/** Whole minutes, rounded up: "1 minute left" until the very end, never "0 minutes". */
export const minutesLeft = (seconds: number): number => Math.ceil(Math.max(0, seconds) / 60);

export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Whether an answer counts as given: blank text and an empty choice do not. */
export const isAnswered = (value: AnswerValue | undefined): boolean =>
  value !== undefined && !(Array.isArray(value) && value.length === 0) && !(typeof value === 'string' && value.trim() === '');
