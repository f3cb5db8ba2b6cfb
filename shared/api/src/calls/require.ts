import { MISSING_PARAMS_MESSAGE } from '@entry/constants';
import { MissingParamsError } from '../api-error.ts';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Throws before any request when a required value is missing. */
export const requireParams = (values: Record<string, unknown>, message: string = MISSING_PARAMS_MESSAGE): void => {
  if (Object.values(values).some(isBlank)) throw new MissingParamsError(message);
};
