import { describe, expect, it } from 'vitest';
import {
  MISSING_PARAMS_MESSAGE,
  MISSING_TOKEN_MESSAGE,
  REAUTHENTICATE_MESSAGE,
  RECAPTCHA_MESSAGE_KEYS,
  STANDARD_SERVER_ERROR_MESSAGES,
  UNREPORTED_ERROR_MESSAGES,
} from './errors.ts';
import { EVENT_NAMES, GATEWAY_EVENT_TYPE } from './events.ts';

describe('error texts', () => {
  it('has the seven standard server texts, apostrophe included', () => {
    expect(STANDARD_SERVER_ERROR_MESSAGES).toHaveLength(7);
    expect(STANDARD_SERVER_ERROR_MESSAGES).toContain("You don't have permission to do that");
    expect(STANDARD_SERVER_ERROR_MESSAGES).toContain('Database error: Duplicate');
  });

  it('spells the client-side texts exactly', () => {
    expect(MISSING_PARAMS_MESSAGE).toBe('Missing params');
    expect(MISSING_TOKEN_MESSAGE).toBe('Missing required token');
    expect(REAUTHENTICATE_MESSAGE).toBe('Please re-authenticate');
  });

  it('keeps the four expected mistakes out of error reporting, case as the server sends it', () => {
    expect(UNREPORTED_ERROR_MESSAGES).toEqual([
      'Username and password do not match',
      'password should not be empty',
      'Your email address is already registered with us',
      'New password is weak',
    ]);
  });

  it('knows both recaptcha message keys', () => {
    expect(RECAPTCHA_MESSAGE_KEYS).toEqual(['missing-input-response', 'timeout-or-duplicate']);
  });
});

describe('gateway events', () => {
  it('tags every event Frontend and uses the spec’s event names', () => {
    expect(GATEWAY_EVENT_TYPE).toBe('Frontend');
    expect(EVENT_NAMES).toEqual(['login_failed', 'logout', 'APP_UPDATED']);
  });
});
