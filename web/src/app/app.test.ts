import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/api/errors';
import { shouldRetry } from './query-client';
import { describeError } from './shell/ErrorBoundary';

describe('the error screen', () => {
  it('shows the name and message of an Error', () => {
    expect(describeError(new TypeError('x is undefined'))).toEqual({ title: 'TypeError', detail: 'x is undefined' });
  });
  it("shows 'Unknown error type' and the data of anything else", () => {
    expect(describeError({ reason: 42 })).toEqual({ title: 'Unknown error type', detail: '{"reason":42}' });
    expect(describeError('boom')).toEqual({ title: 'Unknown error type', detail: 'boom' });
    expect(describeError(undefined)).toEqual({ title: 'Unknown error type', detail: 'undefined' });
  });
});

describe('query retries', () => {
  it('never retries an answer the server gave on purpose (4xx)', () => {
    expect(shouldRetry(0, new ApiRequestError(404, { code: 'not_found', message: 'x' }))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(401, {}))).toBe(false);
  });
  it('retries network failures and 5xx twice', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new ApiRequestError(503, {}))).toBe(true);
    expect(shouldRetry(2, new ApiRequestError(503, {}))).toBe(false);
  });
});
