import { describe, expect, it } from 'vitest';
import { NATIONAL_ID_THRESHOLD_EGP } from './constants.ts';
import { apiMessage } from './messages.ts';
import {
  isValidNationalId,
  nationalIdError,
  nationalIdRequired,
  normalizeNationalId,
} from './national-id.ts';

/** Every governorate code the rule allows: 01-04, 11-19, 21-29, 31-35, 88. */
const allowedGovernorates = [
  ...['01', '02', '03', '04'],
  ...['11', '12', '13', '14', '15', '16', '17', '18', '19'],
  ...['21', '22', '23', '24', '25', '26', '27', '28', '29'],
  ...['31', '32', '33', '34', '35'],
  '88',
];

// century | year | month | day | governorate | 5 digits
const id = (c: string, yy: string, mm: string, dd: string, gov: string, rest = '12345') =>
  `${c}${yy}${mm}${dd}${gov}${rest}`;

describe('the National ID rule (spec §5)', () => {
  const valid: [string, string][] = [
    ['born 1990, Cairo', id('2', '90', '01', '15', '01')],
    ['born 2001, Giza', id('3', '01', '12', '31', '21')],
    ['born 1999, Alexandria', '29905150201234'],
    ['born 2005, Sohag', id('3', '05', '06', '09', '26', '00000')],
    ['born abroad (88)', id('2', '75', '10', '20', '88', '99999')],
    ['last allowed code 35', id('3', '10', '11', '30', '35')],
    ['born on 29 February of a leap year (2000)', id('3', '00', '02', '29', '01')],
    ['born on 29 February 1996', id('2', '96', '02', '29', '01')],
    ['born on 31 December 1999', id('2', '99', '12', '31', '01')],
    ['with surrounding spaces', ` ${id('2', '90', '01', '15', '01')} `],
    ['in Arabic-Indic digits', '٢٩٠٠١١٥٠١١٢٣٤٥'],
    ['in Persian digits', '۲۹۰۰۱۱۵۰۱۱۲۳۴۵'],
  ];
  it.each(valid)('accepts a number %s', (_, n) => {
    expect(isValidNationalId(n)).toBe(true);
    expect(nationalIdError(n)).toBeNull();
  });

  it.each(allowedGovernorates)('accepts governorate code %s', (gov) => {
    expect(isValidNationalId(id('2', '90', '01', '15', gov))).toBe(true);
  });

  const invalid: [string, string][] = [
    ['century digit 1', id('1', '90', '01', '15', '01')],
    ['century digit 4', id('4', '90', '01', '15', '01')],
    ['century digit 0', id('0', '90', '01', '15', '01')],
    ['month 20', id('2', '90', '20', '15', '01')],
    ['month 25', id('2', '90', '25', '15', '01')],
    ['month 31', id('2', '90', '31', '15', '01')],
    ['day 40', id('2', '90', '01', '40', '01')],
    ['day 45', id('2', '90', '01', '45', '01')],
    ['day 50', id('2', '90', '01', '50', '01')],
    ['day 99', id('2', '90', '01', '99', '01')],
    ['month 00', id('2', '80', '00', '10', '01')],
    ['month 13', id('2', '80', '13', '10', '01')],
    ['month 19', id('2', '80', '19', '10', '01')],
    ['day 00', id('2', '80', '05', '00', '01')],
    ['day 32', id('2', '80', '01', '32', '01')],
    ['day 39', id('2', '80', '05', '39', '01')],
    ['30 February', id('2', '90', '02', '30', '01')],
    ['29 February of a year that is not leap (1999)', id('2', '99', '02', '29', '01')],
    ['29 February 1900 (not leap: century digit 2 is 19xx)', id('2', '00', '02', '29', '01')],
    ['31 April', id('3', '01', '04', '31', '01')],
    ['governorate 00', id('2', '90', '01', '15', '00')],
    ['governorate 05', id('2', '90', '01', '15', '05')],
    ['governorate 10', id('2', '90', '01', '15', '10')],
    ['governorate 20', id('2', '90', '01', '15', '20')],
    ['governorate 30', id('2', '90', '01', '15', '30')],
    ['governorate 36', id('2', '90', '01', '15', '36')],
    ['governorate 87', id('2', '90', '01', '15', '87')],
    ['governorate 89', id('2', '90', '01', '15', '89')],
    ['governorate 99', id('2', '90', '01', '15', '99')],
    ['13 digits', '2900115011234'],
    ['15 digits', '290011501123456'],
    ['a letter inside', '29001150112a45'],
    ['a letter at the end', '2900115011234X'],
    ['all letters', 'abcdefghijklmn'],
    ['dashes', '290-0115-01-12345'],
    ['inner spaces', '2900115 0112345'],
    ['a sign', '+2900115011234'],
    ['a decimal point', '2900115011234.5'],
  ];
  it.each(invalid)('refuses %s', (_, n) => {
    expect(isValidNationalId(n)).toBe(false);
    expect(nationalIdError(n)).toBe('national_id_invalid');
  });

  it('refuses a birth date after today, by the clock it is given; accepts one born that very day', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    expect(nationalIdError(id('3', '26', '05', '11', '01'), now)).toBe('national_id_invalid');
    expect(nationalIdError(id('3', '27', '01', '01', '01'), now)).toBe('national_id_invalid');
    expect(nationalIdError(id('3', '99', '01', '01', '01'), now)).toBe('national_id_invalid');
    expect(isValidNationalId(id('3', '30', '01', '01', '01'), now)).toBe(false);
    expect(nationalIdError(id('3', '26', '05', '10', '01'), now)).toBeNull();
    expect(isValidNationalId(id('2', '99', '01', '01', '01'), now)).toBe(true);
    // Without a clock (the schemas), only the pattern and the calendar: the service judges "after today".
    expect(nationalIdError(id('3', '99', '01', '01', '01'))).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['spaces only', '   '],
    ['missing', undefined],
    ['null', null],
  ])('asks for it when %s', (_, n) => {
    expect(nationalIdError(n)).toBe('national_id_required');
  });

  it('speaks the spec’s words in English and Arabic', () => {
    expect(apiMessage('national_id_required', 'en')).toBe('National ID is Required');
    expect(apiMessage('national_id_invalid', 'en')).toBe('National ID is not valid');
    expect(apiMessage('national_id_required', 'ar')).toMatch(/الرقم القومي/);
  });

  it('saves Arabic-Indic digits as Latin digits', () => {
    expect(normalizeNationalId(' ٢٩٠٠١١٥٠١١٢٣٤٥ ')).toBe('29001150112345');
  });

  it('is required from 25,000 EGP, not below', () => {
    expect(NATIONAL_ID_THRESHOLD_EGP).toBe(25_000);
    expect(nationalIdRequired(25_000)).toBe(true);
    expect(nationalIdRequired(30_000.5)).toBe(true);
    expect(nationalIdRequired(24_999.99)).toBe(false);
    expect(nationalIdRequired(0)).toBe(false);
  });
});
