import { useEffect, useReducer } from 'react';
import { progressKey, progressReducer, readProgress, writeProgress } from './progress.ts';

/** A test's progress on this device, saved at every change. */
export const useTasterProgress = (school_exam_slug: string, id_exam_config: number) => {
  const key = progressKey(school_exam_slug, id_exam_config);
  const [state, dispatch] = useReducer(progressReducer, key, (initial) => readProgress(localStorage, initial));
  useEffect(() => writeProgress(localStorage, key, state), [key, state]);
  return [state, dispatch] as const;
};
