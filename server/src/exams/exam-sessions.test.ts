import { EXAM_SESSION_STATUSES } from '@entry/constants';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../accounts/users.ts';
import { openDatabase } from '../db/database.ts';
import { SEED_CONFIGS } from './content.ts';
import { currentAnswers, findOrCreateSession, moveSession, saveAnswer, toSessionState } from './exam-sessions.ts';
import { acceptsAnswers, canMove, SESSION_TRANSITIONS } from './session-status.ts';

const db = openDatabase(':memory:');
afterAll(() => db.close());

describe('session status transitions', () => {
  it('names a transition list for every status of SPEC section 4, to statuses of that list only', () => {
    expect(Object.keys(SESSION_TRANSITIONS).sort()).toEqual([...EXAM_SESSION_STATUSES].sort());
    for (const targets of Object.values(SESSION_TRANSITIONS)) {
      for (const target of targets) expect(EXAM_SESSION_STATUSES).toContain(target);
    }
  });

  it('pauses and resumes a started session, and nothing leaves archived', () => {
    expect(canMove('waiting_to_start', 'started')).toBe(true);
    expect(canMove('started', 'paused')).toBe(true);
    expect(canMove('paused', 'started')).toBe(true);
    expect(canMove('sen_paused', 'started')).toBe(true);
    expect(canMove('started', 'waiting_to_start')).toBe(false);
    expect(canMove('stopped', 'started')).toBe(false);
    expect(SESSION_TRANSITIONS.archived).toEqual([]);
  });

  it('takes answers from the start until archived, so a late answer from an offline device still lands', () => {
    expect(EXAM_SESSION_STATUSES.filter(acceptsAnswers).sort()).toEqual(['paused', 'sen_paused', 'started', 'stopped']);
  });
});

describe('exam sessions', () => {
  it('runs the clock only while started', async () => {
    const user = await createUser(db, { username: 'clock', password: 'irrelevant-here', base: 'applicant', id_school_customer: 1001 });
    const limit = 600;
    let session = findOrCreateSession(db, 1, user.id_user, 0);
    expect(session.status).toBe('waiting_to_start');
    expect(toSessionState(session, limit, 50_000).remaining_seconds).toBe(600);

    session = moveSession(db, session, 'started', 1, 1000);
    expect(toSessionState(session, limit, 61_000).remaining_seconds).toBe(540);
    session = moveSession(db, session, 'paused', 1, 61_000);
    // Paused for an hour: the clock does not move.
    expect(toSessionState(session, limit, 3_661_000).remaining_seconds).toBe(540);
    session = moveSession(db, session, 'started', 1, 3_661_000);
    expect(toSessionState(session, limit, 3_671_500).remaining_seconds).toBe(530);
    expect(toSessionState(session, limit, 99_999_999).remaining_seconds).toBe(0);
    expect(session.started_at).toBe(1000);
    expect(db.prepare('SELECT count(*) AS n FROM exam_session_changes WHERE id_exam_session = ?').get(session.id_exam_session)?.n).toBe(3);
  });

  it('stores an answer once per id and reads each question’s latest by the device’s clock', async () => {
    const user = await createUser(db, { username: 'answers', password: 'irrelevant-here', base: 'applicant', id_school_customer: 1001 });
    const { id_exam_session } = findOrCreateSession(db, 1, user.id_user);
    const answer = { id_exam_session, id_question: 2001, value: 'a', answered_at: 2000, id_answer: 'answer-0001' };
    expect(saveAnswer(db, answer)).toBe('stored');
    expect(saveAnswer(db, answer)).toBe('duplicate');
    expect(saveAnswer(db, { ...answer, value: 'b' })).toBe('conflict');
    // Sent out of order (a queue drained late): the later answer by the device's clock still wins.
    expect(saveAnswer(db, { ...answer, id_answer: 'answer-0003', value: 'c', answered_at: 3000 })).toBe('stored');
    expect(saveAnswer(db, { ...answer, id_answer: 'answer-0002', value: 'b', answered_at: 2500 })).toBe('stored');
    expect(currentAnswers(db, id_exam_session)).toEqual([{ id_question: 2001, value: 'c', answered_at: 3000 }]);
    expect(db.prepare('SELECT count(*) AS n FROM exam_answers WHERE id_exam_session = ?').get(id_exam_session)?.n).toBe(3);
  });
});

describe('reference content', () => {
  it('holds every question type in three taster tests (both brands) and both assessment papers', () => {
    const types = (id: number) => new Set(SEED_CONFIGS.find((config) => config.id_exam_config === id)?.questions.map((question) => question.type));
    for (const id of [1, 2, 8, 20, 21]) expect(types(id).size, `config ${id}`).toBe(6);
  });

  it('explains every taster question, in a sentence or two', () => {
    for (const config of SEED_CONFIGS.filter(({ id_exam_group }) => id_exam_group !== null)) {
      for (const question of config.questions) {
        expect(question.explanation?.length ?? 0, question.prompt).toBeGreaterThan(20);
        expect(question.explanation?.length ?? 0, question.prompt).toBeLessThan(240);
      }
    }
  });

  it('keys every choice question to its own options and every range to a point of its scale', () => {
    for (const config of SEED_CONFIGS) {
      for (const question of config.questions) {
        if ('min' in question.body && 'value' in question.key) {
          const { min, max, step } = question.body;
          expect(question.key.value, question.prompt).toBeGreaterThanOrEqual(min);
          expect(question.key.value, question.prompt).toBeLessThanOrEqual(max);
          expect((question.key.value - min) % step, question.prompt).toBe(0);
        }
        if (!('options' in question.body)) continue;
        const ids = question.body.options.map((option) => option.id);
        const keyed = 'option' in question.key ? [question.key.option] : 'options' in question.key ? question.key.options : [];
        expect(keyed.length, question.prompt).toBeGreaterThan(0);
        for (const id of keyed) expect(ids, question.prompt).toContain(id);
      }
    }
  });
});
