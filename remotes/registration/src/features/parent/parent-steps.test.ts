import { describe, expect, it } from 'vitest';
import { countryRules, type CountryRules } from '../../lib/country.ts';
import { EMPTY_DRAFT } from './parent-draft-store.ts';
import { isStepDone, neighbours, resolveStep, stepOfField, stepsFor } from './parent-steps.ts';

const GB = countryRules('en-gb') as CountryRules;
const US = countryRules('en-us') as CountryRules;
const DONE = { purpose: 'cat4', parentFirstName: 'Jane', parentLastName: 'Doe', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', yearGroup: '100', username: 'AdaL' };
const STEPS = stepsFor(false);

describe('parent steps', () => {
  it('has a payment step only with a payment provider', () => {
    expect(stepsFor(false)).toEqual(['select_plan', 'account', 'student', 'confirm']);
    expect(stepsFor(true)).toEqual(['select_plan', 'account', 'student', 'payment', 'confirm']);
  });

  it('starts at select_plan for a missing or unknown step', () => {
    expect(resolveStep(null, EMPTY_DRAFT, GB, STEPS)).toBe('select_plan');
    expect(resolveStep('payment', DONE, GB, STEPS)).toBe('select_plan');
    expect(resolveStep('nonsense', DONE, GB, STEPS)).toBe('select_plan');
  });

  it('shows the step asked for once the steps before it are done', () => {
    expect(resolveStep('confirm', DONE, GB, STEPS)).toBe('confirm');
    expect(resolveStep('student', { ...DONE, firstName: '' }, GB, STEPS)).toBe('student');
  });

  it('sends a link that skips ahead back to the first step not done', () => {
    expect(resolveStep('confirm', { ...DONE, email: 'not-an-email' }, GB, STEPS)).toBe('account');
    expect(resolveStep('confirm', { ...DONE, purpose: '' }, GB, STEPS)).toBe('select_plan');
    expect(resolveStep('confirm', { ...DONE, parentLastName: ' ' }, GB, STEPS)).toBe('account');
    // CAT4 and Year 6 plus are English only.
    expect(resolveStep('confirm', DONE, US, STEPS)).toBe('select_plan');
    expect(resolveStep('confirm', { ...DONE, purpose: 'exam_preparation' }, US, STEPS)).toBe('student');
  });

  it('judges a child done with valid names, a year group of the country and a well-formed username', () => {
    expect(isStepDone('student', DONE, GB)).toBe(true);
    expect(isStepDone('student', { ...DONE, username: 'a@b' }, GB)).toBe(false);
    expect(isStepDone('student', { ...DONE, yearGroup: '' }, GB)).toBe(false);
    expect(isStepDone('student', { ...DONE, lastName: 'R2D2' }, GB)).toBe(false);
  });

  it('knows its neighbours and the step that shows each server field', () => {
    expect(neighbours('account', STEPS)).toEqual({ previous: 'select_plan', next: 'student', number: 2, count: 4 });
    expect(neighbours('select_plan', STEPS).previous).toBeNull();
    expect(stepOfField('email')).toBe('account');
    expect(stepOfField('firstName')).toBe('account');
    expect(stepOfField('termsVersion')).toBe('confirm');
    expect(stepOfField('student.username')).toBe('student');
    expect(stepOfField('plan.purpose')).toBe('select_plan');
    expect(stepOfField('access_code')).toBe('confirm');
  });
});
