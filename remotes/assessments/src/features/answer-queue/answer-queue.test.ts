import { ApiError, type ExamAnswer } from '@entry/api';
import { describe, expect, it } from 'vitest';
import { classifyFailure, createAnswerQueue } from './answer-queue.ts';
import { createMemoryAnswerStore } from './answer-store.ts';

const apiError = (status: number) => new ApiError({ message: status === 0 ? 'Failed to fetch' : 'refused', status, correlation_id: 'c' });

/** A server that stores each answer id once, can be cut off, and can lose its responses. */
const fakeServer = () => {
  const stored = new Map<string, ExamAnswer>();
  const received: string[] = [];
  const server = { online: true, loseResponses: 0, refuse: null as number | null, concurrent: 0, maxConcurrent: 0 };
  const send = async (answer: ExamAnswer) => {
    server.concurrent += 1;
    server.maxConcurrent = Math.max(server.maxConcurrent, server.concurrent);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (!server.online) throw apiError(0);
      if (server.refuse !== null) throw apiError(server.refuse);
      received.push(answer.id_answer);
      if (!stored.has(answer.id_answer)) stored.set(answer.id_answer, answer);
      if (server.loseResponses > 0) {
        server.loseResponses -= 1;
        throw apiError(0);
      }
    } finally {
      server.concurrent -= 1;
    }
  };
  /** Each question's latest answer by the device's clock, as the real server reads them. */
  const latest = () => {
    const byQuestion = new Map<number, ExamAnswer>();
    for (const answer of stored.values()) {
      const current = byQuestion.get(answer.id_question);
      if (!current || answer.answered_at >= current.answered_at) byQuestion.set(answer.id_question, answer);
    }
    return Object.fromEntries([...byQuestion].map(([id, answer]) => [id, answer.value]));
  };
  return { server, send, stored, received, latest };
};

const setup = () => {
  const remote = fakeServer();
  const device = { online: true };
  const store = createMemoryAnswerStore();
  let clock = 1000;
  let ids = 0;
  const snapshots: { pending: number; rejected: number }[] = [];
  const queue = createAnswerQueue({
    id_exam_session: 7,
    store,
    send: remote.send,
    onChange: (snapshot) => snapshots.push(snapshot),
    newId: () => `answer-${String((ids += 1)).padStart(4, '0')}`,
    now: () => (clock += 10),
    isOnline: () => device.online,
  });
  return { ...remote, store, queue, snapshots, device };
};

describe('answer queue', () => {
  it('keeps an answer on the device before sending it, and forgets it once the server has it', async () => {
    const { queue, store, stored, latest } = setup();
    const giving = queue.give(2001, 'b');
    await giving;
    expect((await store.list(7)).map((answer) => answer.value)).toEqual(['b']);
    await queue.flush();
    expect(await store.list(7)).toEqual([]);
    expect(stored.size).toBe(1);
    expect(latest()).toEqual({ 2001: 'b' });
    expect(queue.snapshot()).toEqual({ pending: 0, rejected: 0 });
  });

  it('loses nothing while offline and sends everything, once each, when the connection is back', async () => {
    const { queue, server, stored, latest, received } = setup();
    server.online = false;
    await queue.give(2001, 'a');
    await queue.give(2002, ['a', 'c']);
    await queue.give(2003, '56');
    await queue.give(2004, 45);
    await queue.flush();
    expect(queue.snapshot()).toEqual({ pending: 4, rejected: 0 });
    expect(stored.size).toBe(0);

    server.online = true;
    await Promise.all([queue.flush(), queue.flush()]);
    expect(queue.snapshot()).toEqual({ pending: 0, rejected: 0 });
    expect(latest()).toEqual({ 2001: 'a', 2002: ['a', 'c'], 2003: '56', 2004: 45 });
    expect(received).toHaveLength(4);
    expect(new Set(received).size).toBe(4);
    expect(server.maxConcurrent).toBe(1);
  });

  it('resends an answer whose response was lost, and the server still stores it once', async () => {
    const { queue, server, stored, received } = setup();
    server.loseResponses = 1;
    await queue.give(2001, 'c');
    await queue.flush();
    expect(queue.snapshot().pending).toBe(1);
    await queue.flush();
    expect(received).toEqual(['answer-0001', 'answer-0001']);
    expect(stored.size).toBe(1);
    expect(queue.snapshot().pending).toBe(0);
  });

  it('drops answers superseded while offline (all but one being tried at that moment) and sends the latest', async () => {
    const { queue, server, latest, received } = setup();
    server.online = false;
    for (const text of ['3', '30', '300', '300 g']) await queue.give(2005, text);
    await queue.give(2001, 'a');
    expect(queue.snapshot().pending).toBeLessThanOrEqual(3);
    server.online = true;
    await queue.flush();
    expect(latest()).toEqual({ 2005: '300 g', 2001: 'a' });
    expect(received.length).toBeLessThanOrEqual(3);
    expect(queue.snapshot().pending).toBe(0);
  });

  it('never drops the answer being sent, even when a newer one for its question arrives meanwhile', async () => {
    const { queue, latest, received } = setup();
    await queue.give(2003, '5');
    const sending = queue.flush();
    await queue.give(2003, '56');
    await sending;
    await queue.flush();
    expect(received).toHaveLength(2);
    expect(latest()).toEqual({ 2003: '56' });
  });

  it('keeps an answer the server refuses for good, marked, and goes on with the others', async () => {
    const { queue, server, store } = setup();
    server.refuse = 409;
    await queue.give(2001, 'a');
    await queue.flush();
    expect(queue.snapshot()).toEqual({ pending: 0, rejected: 1 });
    expect((await store.list(7))[0]).toMatchObject({ value: 'a', rejected: true });
    server.refuse = null;
    await queue.give(2002, ['b']);
    await queue.flush();
    expect(queue.snapshot()).toEqual({ pending: 0, rejected: 1 });
  });

  it('does not even try while the device knows it is offline, and sends only each question’s latest after', async () => {
    const { queue, server, device, received, latest } = setup();
    server.online = false;
    device.online = false;
    for (const text of ['3', '30', '300']) await queue.give(2005, text);
    for (const ticked of [['a'], ['a', 'c']]) await queue.give(2002, ticked);
    await queue.flush();
    expect(received).toEqual([]);
    expect(queue.snapshot().pending).toBe(2);
    server.online = true;
    device.online = true;
    await queue.flush();
    expect(received).toHaveLength(2);
    expect(latest()).toEqual({ 2005: '300', 2002: ['a', 'c'] });
  });

  it('keeps the answers of other sittings apart', async () => {
    const { store, queue, server } = setup();
    server.online = false;
    await store.put({ id_answer: 'other-sitting', id_exam_session: 8, id_question: 1, value: 'x', answered_at: 1 });
    await queue.give(2001, 'a');
    expect((await queue.queued()).map((answer) => answer.id_answer)).toEqual(['answer-0001']);
    expect(queue.snapshot().pending).toBe(1);
  });
});

describe('classifyFailure', () => {
  it('retries what a resend can fix and gives up on the rest', () => {
    expect([0, 401, 408, 429, 500, 503].map((status) => classifyFailure(apiError(status)))).toEqual(Array(6).fill('retry'));
    expect([400, 403, 404, 409].map((status) => classifyFailure(apiError(status)))).toEqual(Array(4).fill('rejected'));
    expect(classifyFailure(new TypeError('Failed to fetch'))).toBe('retry');
  });
});
