import { apiMessage } from '@store/contracts/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../lib/locale-store';
import { fakeApi, type Answer, type Call } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { PasswordCard } from './password-card';

/** My account's password card: a member changes their own password (PUT admin/me/password). */
let puts: Call[] = [];
let answer: () => Answer;
beforeEach(() => {
  puts = [];
  answer = () => ({ message: apiMessage('staff_password_changed', 'en') });
  useStaffAuth.setState({ staff: { id: 2, email: 'karim@store.example', name: 'Karim', role: 'catalog' } });
  fakeApi({
    'PUT admin/me/password': (call) => {
      puts.push(call);
      return answer();
    },
  });
});
afterEach(cleanup);

async function renderCard(locale: 'en' | 'ar' = 'en') {
  useLocaleStore.setState({ locale });
  await i18n.changeLanguage(locale);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PasswordCard />
    </QueryClientProvider>,
  );
}
const type = (name: string, value: string) =>
  fireEvent.input(screen.getByTestId(`password-${name}`), { target: { value } });
const fill = (current: string, password: string, again = password) => {
  type('current_password', current);
  type('password', password);
  type('password_confirmation', again);
  fireEvent.click(screen.getByTestId('password-save'));
};

describe('changing my own password', () => {
  it('sends the current and the new one, says so, and empties the fields', async () => {
    await renderCard();
    fill('Staff#Pass2025', 'Fresh#Start2026');
    await waitFor(() =>
      expect(screen.getByTestId('password-done').textContent).toBe(
        'Your password was changed. Your other devices were signed out',
      ),
    );
    expect(puts.map((c) => c.body)).toEqual([
      {
        current_password: 'Staff#Pass2025',
        password: 'Fresh#Start2026',
        password_confirmation: 'Fresh#Start2026',
      },
    ]);
    expect((screen.getByTestId('password-current_password') as HTMLInputElement).value).toBe('');
  });

  it('checks the new one before sending: typed twice the same, not the email address', async () => {
    await renderCard();
    fill('Staff#Pass2025', 'Fresh#Start2026', 'Fresh#Start2027');
    expect(await screen.findByText('Password and password confirmation are not matching')).toBeTruthy();
    fill('Staff#Pass2025', 'karim@store.example');
    await waitFor(() =>
      expect(screen.getByTestId('password-password').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(puts).toEqual([]);
  });

  it('gives the rule of my own new password, not the hint for a new member’s, in both languages', async () => {
    await renderCard();
    expect(screen.getByText('8 characters or more.')).toBeTruthy();
    expect(screen.queryByText(/give it to them/)).toBeNull();
    cleanup();
    await renderCard('ar');
    expect(screen.getByText('8 حروف أو أكتر.')).toBeTruthy();
    expect(screen.queryByText(/اديهاله/)).toBeNull();
  });

  it('says a field left empty is required, as a sentence in the page’s language', async () => {
    await renderCard();
    fill('', 'Fresh#Start2026');
    await waitFor(() =>
      expect(screen.getByTestId('password-current_password').getAttribute('aria-invalid')).toBe('true'),
    );
    const error = () =>
      document.getElementById(
        screen.getByTestId('password-current_password').getAttribute('aria-describedby')!,
      )!;
    expect(error().textContent).toBe('Required');
    cleanup();
    await renderCard('ar');
    fill('', 'Fresh#Start2026');
    await waitFor(() => expect(error().textContent).toBe('مطلوب'));
    expect(puts).toEqual([]);
  });

  it('shows the API’s refusal of the current password on its field, in Arabic', async () => {
    answer = () => ({
      status: 422,
      body: { errors: { current_password: [apiMessage('current_password_wrong', 'ar')] } },
    });
    await renderCard('ar');
    expect(screen.getByText('كلمة السر')).toBeTruthy();
    fill('wrong-one', 'Fresh#Start2026');
    expect(await screen.findByText('كلمة السر الحالية غلط')).toBeTruthy();
    expect(screen.getByTestId('password-done').textContent).toBe('');
  });
});
