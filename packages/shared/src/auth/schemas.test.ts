import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { signupInput } from './schemas';

const valid = {
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'Priya@Example.com',
  password: 'Priya@123',
};

describe('signupInput', () => {
  it('accepts a valid sign-up and lower-cases the email', () => {
    expect(signupInput.parse(valid).email).toBe('priya@example.com');
  });
  it.each([
    ['short', 'Ab@1'],
    ['too long', 'Abcdefgh@12345'],
    ['no special', 'Abcdefg12'],
    ['no digit', 'Abcdefg@h'],
    ['no upper', 'abcdefg@1'],
  ])('refuses a %s password with the spec message', (_label, password) => {
    const result = signupInput.safeParse({ ...valid, password });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.password);
  });
  it('refuses names of 30 characters or more and bad emails', () => {
    const name = signupInput.safeParse({ ...valid, firstName: 'x'.repeat(30) });
    expect(name.error?.issues[0]?.message).toBe(MESSAGES.name);
    const email = signupInput.safeParse({ ...valid, email: 'priya.example.com' });
    expect(email.error?.issues[0]?.message).toBe(MESSAGES.email);
  });
});
