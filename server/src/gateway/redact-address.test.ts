import { describe, expect, it } from 'vitest';
import { redactAddress } from './redact-address.ts';

describe('redactAddress', () => {
  it.each([
    ['https://site.example/public/magic/ABC123', 'https://site.example/public/magic/[Filtered]'],
    ['https://site.example/public/reset/t0k3n/staff', 'https://site.example/public/reset/[Filtered]/staff'],
    ['https://site.example/public/reset/t0k3n/CODE9', 'https://site.example/public/reset/[Filtered]/[Filtered]'],
    ['https://site.example/public/report/CODE9?x=1', 'https://site.example/public/report/[Filtered]?x=1'],
    ['https://site.example/public/assessments/entrance/CODE9', 'https://site.example/public/assessments/entrance/[Filtered]'],
    ['https://site.example/public/invitation?token=t0k&from=mail', 'https://site.example/public/invitation?token=[Filtered]&from=mail'],
    ['https://site.example/public/login?redirect=%2Fpublic&access_code=1', 'https://site.example/public/login?redirect=%2Fpublic&access_code=[Filtered]'],
    ['https://site.example/public/taster/oakwood', 'https://site.example/public/taster/oakwood'],
    ['javascript:alert(1)', ''],
  ])('%s is kept as %s', (address, kept) => {
    expect(redactAddress(address)).toBe(kept);
  });
});
