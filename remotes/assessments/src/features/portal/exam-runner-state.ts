import { jsonFormat } from '@entry/exam-kit';

/** Where the applicant is in the paper (an index), kept on this computer. */
export const POSITION_FORMAT = jsonFormat<number>(0, (value): value is number => typeof value === 'number' && Number.isInteger(value));

/** The questions the applicant flagged for review, by id, kept on this computer. */
export const FLAGGED_FORMAT = jsonFormat<number[]>([], (value): value is number[] => Array.isArray(value) && value.every((id) => typeof id === 'number'));
