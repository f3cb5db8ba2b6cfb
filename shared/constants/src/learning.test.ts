import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from './questions.ts';
import { PAPER_TEST_FONT_SIZES, SESSION_DELIVERIES, SESSION_KINDS, SESSION_TYPES } from './sessions.ts';
import { CONTENT_LEVELS, DIFFICULTIES, SCORING_METHODS, STANDARDISATION_METHODS } from './learning.ts';
import { ZOOM_EVENT_TYPES } from './live-sessions.ts';

describe('learning content', () => {
  it('nests subject > topic > subtopic > atom', () => {
    expect(CONTENT_LEVELS).toEqual(['subject', 'topic', 'subtopic', 'atom']);
  });

  it('has the spec’s difficulties, question types and scoring methods', () => {
    expect(DIFFICULTIES).toEqual(['easy', 'medium', 'hard']);
    expect(QUESTION_TYPES).toEqual(['multi_choice', 'choice', 'freetext', 'range', 'freetext_mid', 'freetext_long']);
    expect(SCORING_METHODS).toEqual(['RASCH', 'PERCENTAGE']);
    expect(STANDARDISATION_METHODS).toHaveLength(8);
  });

  it('has the session kinds, types, deliveries and paper-test font sizes', () => {
    expect(SESSION_KINDS).toEqual(['PRACTICE', 'MOCK_TEST', 'HOMEWORK', 'LESSON', 'MINI_TEST', 'ASSESSMENT']);
    expect(SESSION_TYPES).toEqual(['mock_session', 'entrance_exam', 'summative_assessment']);
    expect(SESSION_DELIVERIES).toEqual(['online', 'paper_test']);
    expect(PAPER_TEST_FONT_SIZES).toEqual(['12pt', '16pt']);
  });

  it('acts on zoom events 5, 6 and 9', () => {
    expect(ZOOM_EVENT_TYPES).toEqual([5, 6, 9]);
  });
});
