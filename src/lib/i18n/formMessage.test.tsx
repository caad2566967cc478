import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/render';
import { formMessage, translateFormMessage } from './formMessage';

describe('form messages', () => {
  it('carry values through Yup and Formik and translate with plurals', () => {
    const en = createTestI18n('en');
    const hu = createTestI18n('hu');
    const message = formMessage('common:validation.minLength', { count: 8 });
    expect(translateFormMessage(en.t, message)).toBe('Minimum 8 characters');
    expect(translateFormMessage(en.t, formMessage('common:validation.minLength', { count: 1 }))).toBe('Minimum 1 character');
    expect(translateFormMessage(hu.t, message)).toBe('Legalább 8 karakter');
    expect(translateFormMessage(en.t, formMessage('common:validation.required'))).toBe('Required');
    expect(translateFormMessage(en.t, undefined)).toBeUndefined();
  });
});
