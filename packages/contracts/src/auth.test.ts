import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  otpSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './auth.ts';
import { cartMergeSchema, cartUpdateSchema } from './cart.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const valid = {
  first_name: 'Mona',
  last_name: 'Hassan',
  email: 'Mona@Example.com',
  phone_number: '01012345678',
  password: 'Secret#2024',
  password_confirmation: 'Secret#2024',
};

describe('sign-up rules (spec §5)', () => {
  it('accepts a valid form, lower-cases the email and trims names', () => {
    const r = signUpSchema.parse({ ...valid, first_name: '  Mona ' });
    expect(r.email).toBe('mona@example.com');
    expect(r.first_name).toBe('Mona');
  });

  it('names need 2 characters, the email must be valid, the phone digits only and Egyptian', () => {
    const r = signUpSchema.safeParse({
      ...valid,
      first_name: 'M',
      last_name: ' ',
      email: 'mona@',
      phone_number: '+201012345678',
    });
    expect(messages(r)).toEqual({
      first_name: 'too_short:2',
      last_name: 'required',
      email: 'email_invalid',
      phone_number: 'digits_only',
    });
    for (const phone of ['0101234567', '01312345678', '02123456789'])
      expect(messages(signUpSchema.safeParse({ ...valid, phone_number: phone }))).toEqual({
        phone_number: 'mobile_number_invalid',
      });
    for (const phone of ['01012345678', '01112345678', '01212345678', '01512345678'])
      expect(signUpSchema.safeParse({ ...valid, phone_number: phone }).success).toBe(true);
  });

  it('Arabic-Indic digits are the same number', () => {
    expect(signUpSchema.parse({ ...valid, phone_number: '٠١٠١٢٣٤٥٦٧٨' }).phone_number).toBe('01012345678');
  });

  it('the confirmation must match the password; missing fields are required', () => {
    expect(messages(signUpSchema.safeParse({ ...valid, password_confirmation: 'Other#2024' }))).toEqual({
      password_confirmation: 'password_mismatch',
    });
    expect(messages(signUpSchema.safeParse({}))).toMatchObject({
      first_name: 'required',
      password: 'required',
    });
  });
});

describe('other account forms', () => {
  it('sign-in needs phone and password only', () => {
    expect(messages(signInSchema.safeParse({ phone_number: '', password: '' }))).toEqual({
      phone_number: 'required',
      password: 'required',
    });
    expect(signInSchema.safeParse({ phone_number: '01012345678', password: 'short' }).success).toBe(true);
  });

  it('the OTP code is 6 digits', () => {
    expect(otpSchema.parse({ code: ' ١٢٣٤٥٦ ' }).code).toBe('123456');
    expect(messages(otpSchema.safeParse({ code: '12345' }))).toEqual({ code: 'otp_format:6' });
    expect(messages(otpSchema.safeParse({ code: '' }))).toEqual({ code: 'required' });
  });

  it('reset and change password check the confirmation; the OTP page extends the reset form with the code', () => {
    expect(
      messages(resetPasswordSchema.safeParse({ password: 'Secret#2024', password_confirmation: 'x' })),
    ).toEqual({
      password_confirmation: 'password_mismatch',
    });
    const withCode = resetPasswordSchema.extend({ code: otpSchema.shape.code });
    expect(
      messages(
        withCode.safeParse({ code: '123456', password: 'Secret#2024', password_confirmation: 'Secret#2025' }),
      ),
    ).toEqual({ password_confirmation: 'password_mismatch' });
    expect(
      messages(
        changePasswordSchema.safeParse({
          current_password: '',
          password: 'Secret#2024',
          password_confirmation: 'Secret#2024',
        }),
      ),
    ).toEqual({ current_password: 'required' });
  });

  it('profile: national_id optional, validated by the one national ID rule, empty clears it', () => {
    const base = { first_name: 'Mona', last_name: 'Hassan', email: 'm@example.com' };
    expect(profileUpdateSchema.parse(base).national_id).toBeUndefined();
    expect(profileUpdateSchema.parse({ ...base, national_id: '' }).national_id).toBeNull();
    expect(profileUpdateSchema.parse({ ...base, national_id: '29001011234567' }).national_id).toBe(
      '29001011234567',
    );
    expect(messages(profileUpdateSchema.safeParse({ ...base, national_id: '19001011234567' }))).toEqual({
      national_id: 'national_id_invalid',
    });
  });
});

describe('cart bodies', () => {
  it('takes numbers or form strings; _destroy needs no quantity', () => {
    expect(
      cartUpdateSchema.parse({ order_product: { product_id: '3', quantity: '2', _destroy: 'false' } }),
    ).toEqual({
      order_product: { product_id: 3, quantity: 2, _destroy: false },
    });
    expect(
      cartUpdateSchema.parse({ order_product: { product_id: 3, _destroy: true } }).order_product._destroy,
    ).toBe(true);
    expect(messages(cartUpdateSchema.safeParse({ order_product: { product_id: 3 } }))).toEqual({
      'order_product.quantity': 'required',
    });
    expect(
      cartMergeSchema.safeParse({
        items: Array.from({ length: 101 }, () => ({ product_id: 1, quantity: 1 })),
      }).success,
    ).toBe(false);
  });
});
