import { createHash } from 'node:crypto';
import { test as base, type TestInfo } from '@playwright/test';

export * from '@playwright/test';

/**
 * An address of this test's own (10.0.0.0/8), different on each retry: a test's wrong passwords and
 * codes count against it alone, as one visitor's would, never against the next test's visitor.
 */
const visitorAddress = ({ testId, retry, repeatEachIndex }: TestInfo): string => {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(`${testId}:${retry}:${repeatEachIndex}`).digest();
  return `10.${a}.${b}.${c}`;
};

/**
 * Playwright's test, where each test's browser is a visitor of its own. Every test's browser comes
 * from this machine, where real visitors each have an address: the e2e servers trust the loopback as
 * their proxy (TRUSTED_PROXIES), and the test's context names its address in X-Forwarded-For, beside
 * the headers the test asks for.
 */
export const test = base.extend({
  context: async ({ context, extraHTTPHeaders }, use, testInfo) => {
    await context.setExtraHTTPHeaders({ ...extraHTTPHeaders, 'X-Forwarded-For': visitorAddress(testInfo) });
    await use(context);
  },
});
