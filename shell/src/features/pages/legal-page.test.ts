import { describe, expect, it } from 'vitest';
import { COMPANY } from '@entry/constants';
import { registrationOf } from './legal-page.tsx';

describe('registrationOf', () => {
  it('names no company number or registered office until the business has supplied both (ADR 023)', () => {
    expect(registrationOf(COMPANY)).toBeNull();
    expect(registrationOf({ ...COMPANY, companyNumber: '01234567' })).toBeNull();
  });

  it('gives both once supplied', () => {
    expect(registrationOf({ ...COMPANY, companyNumber: '01234567', registeredOffice: '1 High Street, London' })).toEqual({
      number: '01234567',
      office: '1 High Street, London',
    });
  });
});
