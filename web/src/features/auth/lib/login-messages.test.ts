import { describe, expect, it } from 'vitest';
import { isBlockedPair, loginErrorMessage, sessionMessageTone } from './login-messages';

describe('blocked administrator pair', () => {
  it('is admin / password in any case', () => {
    expect(isBlockedPair('admin', 'password')).toBe(true);
    expect(isBlockedPair('ADMIN', 'PassWord')).toBe(true);
    expect(isBlockedPair(' Admin ', 'PASSWORD')).toBe(true);
  });
  it('is not any other pair', () => {
    expect(isBlockedPair('admin', 'password1')).toBe(false);
    expect(isBlockedPair('administrator', 'password')).toBe(false);
    expect(isBlockedPair('demo', 'demo')).toBe(false);
  });
});

describe('login messages', () => {
  it('uses the catalogue texts', () => {
    expect(loginErrorMessage({ kind: 'blocked' })).toBe('Admin and password has been disabled from this app.');
    expect(loginErrorMessage({ kind: 'rejected' })).toBe('The Username and/or Password entered is incorrect. Please try again.');
    expect(loginErrorMessage({ kind: 'unreachable' })).toBe('An error occurred, please confirm that the server is running.');
  });
  it("shows the server's message for too many attempts", () => {
    expect(loginErrorMessage({ kind: 'throttled', message: 'Too many attempts; try again in 60 seconds' })).toBe(
      'Too many attempts; try again in 60 seconds',
    );
    expect(loginErrorMessage({ kind: 'throttled', message: '' })).toMatch(/try again later/);
  });
});

describe("the previous session's message", () => {
  it("is neutral for 'Logged Out Successfully' in any case", () => {
    expect(sessionMessageTone('Logged Out Successfully')).toBe('neutral');
    expect(sessionMessageTone('Logged out successfully')).toBe('neutral');
  });
  it('is an error for anything else', () => {
    expect(sessionMessageTone('Logged Out Due To Inactivity')).toBe('error');
    expect(sessionMessageTone('API Error - Unauthorized Access, Please Log Back In')).toBe('error');
  });
});
