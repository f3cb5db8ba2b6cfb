import { useStoredState } from '@entry/exam-kit';
import { useCallback } from 'react';
import { NOT_STARTED, PROGRESS_FORMAT, progressKey, progressReducer, type ProgressAction } from './progress.ts';

/** A test's progress on this device, saved at every change (not started until a server-rendered page hydrates). */
export const useTasterProgress = (school_exam_slug: string, id_exam_config: number) => {
  const [state, setState] = useStoredState(progressKey(school_exam_slug, id_exam_config), NOT_STARTED, PROGRESS_FORMAT);
  const dispatch = useCallback((action: ProgressAction) => setState((current) => progressReducer(current, action)), [setState]);
  return [state, dispatch] as const;
};
