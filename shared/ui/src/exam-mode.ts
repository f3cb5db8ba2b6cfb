import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * Whether a test is under way on the page (a taster test running, an invigilated sitting started).
 * The screen that runs the test says so; the frame around it (the shell's top bar, footer and
 * overlays) reads it and offers no way out of the page while it is on. A count, not a flag, so a
 * screen that replaces another in one commit never switches it off for its successor.
 */
export const useExamModeStore = create<{ holders: number }>()(() => ({ holders: 0 }));

/** Puts the frame in exam mode while `active` holds and the calling screen is mounted. */
export const useExamMode = (active: boolean): void => {
  useEffect(() => {
    if (!active) return;
    useExamModeStore.setState(({ holders }) => ({ holders: holders + 1 }));
    return () => useExamModeStore.setState(({ holders }) => ({ holders: holders - 1 }));
  }, [active]);
};

/** Whether the frame is in exam mode. */
export const useInExamMode = (): boolean => useExamModeStore(({ holders }) => holders > 0);
