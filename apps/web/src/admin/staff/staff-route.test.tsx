import { apiMessage } from '@store/contracts/messages';
import type { StaffMember } from '@store/contracts/staff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../lib/locale-store';
import { fakeApi, type Answer, type Call } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as StaffPage } from './staff-route';

/**
 * The staff page's changes to another member (PATCH admin/staff/{id}): a new role, or a new password that signs
 * them out, each from a dialog, without removing the member and adding them again.
 */
const member = (m: Partial<StaffMember> & Pick<StaffMember, 'id' | 'name' | 'email'>): StaffMember => ({
  role: 'staff',
  active: true,
  totp: false,
  created_at: '2026-10-01T09:00:00.000Z',
  ...m,
});
const hoda = member({ id: 1, name: 'Hoda', email: 'boss@store.example', role: 'owner' });
const karim = member({ id: 2, name: 'Karim', email: 'karim@store.example', role: 'catalog' });
const gone = member({ id: 3, name: 'Salma', email: 'salma@store.example', active: false });

let people: StaffMember[] = [];
let patched: Call[] = [];
let answer: (call: Call) => Answer;
let calls: Call[] = [];
beforeEach(() => {
  people = [hoda, karim, gone];
  patched = [];
  answer = (call) => {
    const body = call.body as { role?: StaffMember['role'] };
    people = people.map((p) => (p.id === 2 && body.role ? { ...p, role: body.role } : p));
    return { staff: people.find((p) => p.id === 2) };
  };
  useStaffAuth.setState({ staff: { id: 1, email: hoda.email, name: 'Hoda', role: 'owner' } });
  ({ calls } = fakeApi({
    'GET admin/staff': () => ({ staff: people }),
    'GET admin/sign_in_failures': () => ({ failures: [], under_attack: [] }),
    'PATCH admin/staff/2': (call) => {
      patched.push(call);
      return answer(call);
    },
  }));
});
afterEach(cleanup);

const renderPage = async (locale: 'en' | 'ar' = 'en') => {
  useLocaleStore.setState({ locale });
  await i18n.changeLanguage(locale);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/staff']}>
        <StaffPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const rows = await screen.findAllByTestId('staff-row');
  return { me: rows[0]!, karim: rows[1]!, removed: rows[2]! };
};
const staffReads = () => calls.filter((c) => c.method === 'GET' && c.path === 'admin/staff').length;

describe('an owner changes another member', () => {
  it('only active members other than yourself can be changed', async () => {
    const rows = await renderPage();
    expect(within(rows.karim).getByTestId('staff-change-role').textContent).toBe('Change role');
    expect(within(rows.karim).getByTestId('staff-reset-password').textContent).toBe('Reset password');
    for (const row of [rows.me, rows.removed]) {
      expect(within(row).queryByTestId('staff-change-role')).toBeNull();
      expect(within(row).queryByTestId('staff-reset-password')).toBeNull();
    }
  });

  it('a new role is sent alone, the list refreshes and says what the member is now', async () => {
    const rows = await renderPage();
    expect(rows.karim.textContent).toContain('Catalog');
    fireEvent.click(within(rows.karim).getByTestId('staff-change-role'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("Change Karim's role");
    expect(dialog.textContent).toContain('The new role counts from their next click; they stay signed in.');
    const select = within(dialog).getByTestId('staff-role-field') as HTMLSelectElement;
    expect(select.value).toBe('catalog');
    const before = staffReads();
    fireEvent.change(select, { target: { value: 'owner' } });
    fireEvent.click(within(dialog).getByTestId('staff-role-save'));

    expect(await screen.findByText("Karim's role is now: Owner.")).toBeTruthy();
    expect(patched.map((c) => c.body)).toEqual([{ role: 'owner' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(staffReads()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getAllByTestId('staff-row')[1]!.textContent).toContain('Owner'));
  });

  it('a new password follows the rules of adding a member, and the server’s refusal shows on its field', async () => {
    answer = (call) =>
      patched.length === 1
        ? { status: 422, body: { errors: { password: [apiMessage('password_too_common', 'en')] } } }
        : { staff: { ...karim, ...(call.body as object) } };
    const rows = await renderPage();
    fireEvent.click(within(rows.karim).getByTestId('staff-reset-password'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('A new password for Karim');
    expect(dialog.textContent).toContain('They will be signed out on every device');
    const field = within(dialog).getByTestId('staff-password-field') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(field.getAttribute('dir')).toBe('ltr');
    expect(dialog.textContent).toContain('8 characters or more; give it to them in person.');
    const save = within(dialog).getByTestId('staff-password-save');

    // Checked here first, as when adding a member: nothing is sent.
    fireEvent.change(field, { target: { value: 'short1!' } });
    fireEvent.click(save);
    expect(await within(dialog).findByText('is too short (at least 8 characters)')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'karim@store.example' } });
    fireEvent.click(save);
    expect(await within(dialog).findByText('The password cannot be the email address')).toBeTruthy();
    expect(patched).toEqual([]);

    fireEvent.change(field, { target: { value: 'password123' } });
    fireEvent.click(save);
    expect(await within(dialog).findByText(apiMessage('password_too_common', 'en'))).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Fresh#Start2026' } });
    fireEvent.click(save);
    expect(await screen.findByText('Karim has a new password and was signed out everywhere.')).toBeTruthy();
    expect(patched.map((c) => c.body)).toEqual([
      { password: 'password123' },
      { password: 'Fresh#Start2026' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('in Arabic: the actions, the dialog and the server’s refusal read in Arabic, and the dialog stays open', async () => {
    answer = () => ({ status: 422, body: { errors: [apiMessage('staff_last_owner', 'ar')] } });
    const rows = await renderPage('ar');
    expect(within(rows.karim).getByTestId('staff-change-role').textContent).toBe('تغيير الدور');
    expect(within(rows.karim).getByTestId('staff-reset-password').textContent).toBe('كلمة سر جديدة');
    fireEvent.click(within(rows.karim).getByTestId('staff-change-role'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('تغيير دور Karim');
    fireEvent.change(within(dialog).getByTestId('staff-role-field'), { target: { value: 'staff' } });
    fireEvent.click(within(dialog).getByTestId('staff-role-save'));
    const error = await within(dialog).findByRole('alert');
    expect(error.textContent).toBe('لازم يفضل للمتجر مالك واحد على الأقل');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(patched.map((c) => [c.body, c.query.get('locale')])).toEqual([[{ role: 'staff' }, 'ar']]);
  });
});
