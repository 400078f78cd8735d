import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorText, errorText } from './errors';

const CONNECTION_TEXT = 'There was a problem in connecting to the server. Please check your internet and try again.';

describe('error texts (users-and-wallets §8)', () => {
  it('[UW-8.01] a network failure shows the connection text', () => {
    expect(errorText(new TypeError('Failed to fetch'))).toBe(CONNECTION_TEXT);
  });

  it('[UW-8.03] a single server error shows its message', () => {
    expect(apiErrorText([{ status: '422', title: 'Unprocessable', detail: 'Invalid OTP entered!' }])).toBe('Invalid OTP entered!');
  });

  it('[UW-8.02] several errors show their titles, each followed by a period', () => {
    expect(apiErrorText([{ title: 'Invalid First Name' }, { title: 'Invalid Last name' }, { title: 'Invalid birth of date.' }])).toBe(
      'Invalid First Name. Invalid Last name. Invalid birth of date.',
    );
  });

  it('[UW-8.06] an error without a body falls back to the given text', () => {
    expect(errorText(new ApiError(500, []), 'Login failed!')).toBe('Login failed!');
    expect(errorText(new ApiError(500, []))).toBe(CONNECTION_TEXT);
  });

  it('maps field pointers to field messages', () => {
    const error = new ApiError(422, [{ title: 'Invalid', detail: 'Invalid Mobile Number', source: { pointer: '/data/attributes/phonenumber' } }]);
    expect(error.fieldErrors()).toEqual({ phonenumber: 'Invalid Mobile Number' });
  });
});
