import { describe, expect, it } from 'vitest';
import {
  PASSWORD_RULE_MESSAGES,
  newPasswordProblem,
  commonPasswordCount,
  commonPasswordProblem,
  isCommonPassword,
} from './common-passwords.js';

describe('common passwords', () => {
  it('holds 10,000 passwords, none shorter than the 6-character minimum', () => {
    expect(commonPasswordCount()).toBe(10_000);
  });

  it('refuses the most common ones whatever their case, with the shared message', () => {
    for (const password of [
      '123456',
      'password',
      'qwerty123',
      'Password1',
      'LETMEIN',
      'iloveyou',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(commonPasswordProblem('Password1')).toBe(PASSWORD_RULE_MESSAGES.tooCommon);
  });

  it('lets an uncommon password through', () => {
    for (const password of ['secret-pass', 'correct-horse-battery-staple', 'cobol-1959', '']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
    expect(commonPasswordProblem('brand-new-secret')).toBeNull();
  });

  it('refuses the current password first, then a common one', () => {
    expect(newPasswordProblem('same-secret', 'same-secret')).toBe(
      PASSWORD_RULE_MESSAGES.sameAsCurrent,
    );
    expect(newPasswordProblem('qwerty123', 'other-secret')).toBe(PASSWORD_RULE_MESSAGES.tooCommon);
    expect(newPasswordProblem('brand-new-secret', 'other-secret')).toBeNull();
  });
});
