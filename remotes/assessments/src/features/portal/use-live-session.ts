import { useCountdown } from '@entry/exam-kit';
import { useEffect, useState } from 'react';
import { examSessionEventsUrl, getExamSessionState, type ExamSessionState, type ExamSitting } from '@entry/api';
import { followSessionStatus } from './follow-session-status.ts';

type Timed = { state: ExamSessionState; at: number };

/**
 * The sitting's state as the invigilator moves it, followed live, and the clock: it counts down
 * from what the server last said only while the session is started. `sitting` (with `sittingAt`,
 * when it was read) is the page's last full read; the newer of it and the pushed state wins.
 */
export const useLiveSession = (sitting: ExamSitting, sittingAt: number) => {
  const id = sitting.session.id_exam_session;
  const [pushed, setPushed] = useState<Timed | null>(null);

  useEffect(
    () =>
      followSessionStatus({
        url: examSessionEventsUrl(id),
        poll: () => getExamSessionState(id),
        onState: (state) => setPushed({ state, at: Date.now() }),
      }),
    [id],
  );

  const current: Timed = pushed && pushed.state.version >= sitting.session.version ? pushed : { state: sitting.session, at: sittingAt };
  const { state } = current;
  const deadline = state.status === 'started' ? current.at + state.remaining_seconds * 1000 : null;
  // Never more than the server last said: the clock only runs down.
  const counted = useCountdown(deadline);
  const seconds = Math.min(counted ?? state.remaining_seconds, state.remaining_seconds);
  return { state, seconds };
};
