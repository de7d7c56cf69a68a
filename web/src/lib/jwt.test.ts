import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/test/jwt';
import { decodeJwt, issuedAt } from './jwt';

describe('decodeJwt', () => {
  it('reads the payload', () => {
    const token = fakeJwt({ userId: 42, sid: 'abc', iat: 100, exp: 200 });
    expect(decodeJwt(token)).toEqual({ userId: 42, sid: 'abc', iat: 100, exp: 200 });
    expect(issuedAt(token)).toBe(100);
  });
  it('reads base64url payloads with non-ASCII text', () => {
    const token = fakeJwt({ userId: 7, name: 'Zoë ✓' });
    expect(decodeJwt(token).name).toBe('Zoë ✓');
  });
  it("says 'Cannot decode null JWT' when there is no token", () => {
    expect(() => decodeJwt(null)).toThrow('Cannot decode null JWT');
    expect(() => decodeJwt(undefined)).toThrow('Cannot decode null JWT');
    expect(() => decodeJwt('')).toThrow('Cannot decode null JWT');
  });
  it("says 'JWT was not formatted correctly' without dot-separated parts", () => {
    expect(() => decodeJwt('nodotshere')).toThrow('JWT was not formatted correctly');
    expect(() => decodeJwt('a.b')).toThrow('JWT was not formatted correctly');
    expect(() => decodeJwt('a..c')).toThrow('JWT was not formatted correctly');
  });
  it("says 'Token could not be split' when the payload cannot be read", () => {
    expect(() => decodeJwt('aaa.%%%.ccc')).toThrow('Token could not be split');
    expect(() => decodeJwt(`aaa.${Buffer.from('not json').toString('base64url')}.ccc`)).toThrow('Token could not be split');
    expect(() => decodeJwt(fakeJwt({ sub: 'no user id' }))).toThrow('Token could not be split');
    expect(() => decodeJwt(`aaa.${Buffer.from('[1]').toString('base64url')}.ccc`)).toThrow('Token could not be split');
    expect(issuedAt('garbage')).toBeNull();
  });
});
