import type { AdminSettlementReport, SettlementFile } from '@store/contracts/admin-settlements';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, type Call } from '../../test/dom';
import { useLocaleStore } from '../../lib/locale-store';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as SettlementsPage } from './settlements-route';

/**
 * The cash-on-delivery page's uploaded files: a file uploaded under the wrong courier (none of its amounts matched
 * a shipment) is removed after a confirmation naming how many amounts go, and the report and the list refresh.
 */
const wrong: SettlementFile = {
  id: 5,
  courier: 'bosta',
  file_name: 'mandoob-settlement.csv',
  rows: 3,
  recorded: 3,
  matched: 0,
  staff: { id: 1, name: 'Hoda' },
  created_at: '2026-12-01T07:00:00.000Z',
};
const report = (collected: number): AdminSettlementReport => ({
  from: '2026-11-01',
  to: '2026-12-01',
  days: [{ day: '2026-12-01', courier: 'Bosta', expected: 0, collected, difference: collected, flagged: 3 }],
  differences: [],
  totals: { expected: 0, collected, difference: collected },
});

let removed = false;
let calls: Call[] = [];
beforeEach(() => {
  removed = false;
  useStaffAuth.setState({ staff: { id: 1, email: 'boss@store.example', name: 'Hoda', role: 'owner' } });
  ({ calls } = fakeApi({
    'GET admin/reports/settlements': () => report(removed ? 0 : 1500),
    'GET admin/settlements/files': () => ({ files: removed ? [] : [wrong] }),
    'DELETE admin/settlements/files/5': () => {
      removed = true;
      return { status: 204, body: undefined };
    },
  }));
});
afterEach(cleanup);

const renderPage = async (locale: 'en' | 'ar') => {
  useLocaleStore.setState({ locale });
  await i18n.changeLanguage(locale);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/settlements']}>
        <SettlementsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByTestId('settlement-file-row');
};

const reportCalls = () => calls.filter((c) => c.path === 'admin/reports/settlements').length;

describe('the uploaded settlement files', () => {
  it('lists a file with its courier, rows, matched, who and when; removing it asks first, then the report and list refresh', async () => {
    const row = await renderPage('en');
    expect(within(row).getByText('mandoob-settlement.csv').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(row.textContent).toContain('Bosta · Rows: 3 · Matched a shipment: 0');
    expect(row.textContent).toContain('was it uploaded under the wrong courier?');
    expect(row.textContent).toContain('Uploaded by Hoda, ');
    await screen.findByTestId('settlement-total');
    const before = reportCalls();

    fireEvent.click(within(row).getByTestId('settlement-file-remove'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Remove this file and the 3 amounts it recorded? The report will no longer count them.',
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('settlement-file-confirm'));

    await waitFor(() =>
      expect(screen.getByTestId('settlement-removed').textContent).toBe(
        'Removed: mandoob-settlement.csv. The report no longer counts its amounts. You can upload it again under the right courier. ' +
          'If a file you uploaded later named the same parcels, upload that file again: it counts them now.',
      ),
    );
    expect(screen.getByTestId('settlement-removed').getAttribute('role')).toBe('status');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      'admin/settlements/files/5',
    ]);
    await waitFor(() => expect(screen.queryByTestId('settlement-file-row')).toBeNull());
    expect(screen.getByTestId('settlement-files').textContent).toContain('No settlement file uploaded yet.');
    await waitFor(() => expect(reportCalls()).toBeGreaterThan(before));
  });

  it('asks in Arabic too, the file name kept left to right', async () => {
    const row = await renderPage('ar');
    expect(row.textContent).toContain('الصفوف: 3');
    fireEvent.click(within(row).getByTestId('settlement-file-remove'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('تشيل الملف ده والـ3 مبالغ اللي سجّلها؟ التقرير مش هيحسبها تاني.');
    expect(within(dialog).getByText('mandoob-settlement.csv').closest('bdi')?.getAttribute('dir')).toBe(
      'ltr',
    );
  });
});

describe('uploading a file again', () => {
  const uploadAgain = async (recorded: number) => {
    fakeApi({
      'GET admin/reports/settlements': () => report(1500),
      'GET admin/settlements/files': () => ({ files: [wrong] }),
      'POST admin/settlements': () => ({
        created: false,
        file_id: 5,
        rows: 3,
        recorded,
        already_settled: 3 - recorded,
        unknown: 0,
      }),
    });
    await renderPage('en');
    const csv = new File(['Tracking Number,COD,Date\n'], 'later.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('settlement-file'), { target: { files: [csv] } });
    fireEvent.click(screen.getByTestId('settlement-upload'));
    return waitFor(() => expect(screen.getByTestId('settlement-done').textContent).not.toBe(''));
  };

  it('says nothing changed when nothing did', async () => {
    await uploadAgain(0);
    expect(screen.getByTestId('settlement-done').textContent).toBe(
      'This file was uploaded before: nothing changed.',
    );
  });

  it('says how many rows count now when the file that had settled them was removed', async () => {
    await uploadAgain(2);
    expect(screen.getByTestId('settlement-done').textContent).toBe(
      'This file was uploaded before; now counted: 2 of its 3 rows (the file that had settled their parcels was removed).',
    );
  });
});

describe('a file of one row, or two', () => {
  const upload = async (locale: 'en' | 'ar', rows: number, created: boolean) => {
    fakeApi({
      'GET admin/reports/settlements': () => report(1500),
      'GET admin/settlements/files': () => ({ files: [wrong] }),
      'POST admin/settlements': () => ({
        created,
        file_id: 6,
        rows,
        recorded: 1,
        already_settled: 0,
        unknown: rows - 1,
      }),
    });
    await renderPage(locale);
    const csv = new File(['Tracking Number,COD,Date\n'], 'one.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('settlement-file'), { target: { files: [csv] } });
    fireEvent.click(screen.getByTestId('settlement-upload'));
    await waitFor(() => expect(screen.getByTestId('settlement-done').textContent).not.toBe(''));
    return screen.getByTestId('settlement-done').textContent;
  };

  it('says "1 of 1 row", not "1 of 1 rows"', async () => {
    expect(await upload('en', 1, true)).toBe(
      '1 of 1 row recorded (0 for unknown shipments, 0 already settled).',
    );
    cleanup();
    expect(await upload('en', 1, false)).toBe(
      'This file was uploaded before; now counted: 1 of its 1 row (the file that had settled its parcel was removed).',
    );
  });

  it('says it in Arabic’s own forms', async () => {
    expect(await upload('ar', 2, true)).toBe(
      'اتسجل 1 من صفين (صف واحد لشحنة مش معروفة، ومفيش ولا صف متسوّي قبل كده).',
    );
    cleanup();
    expect(await upload('ar', 1, true)).toContain('اتسجل 1 من صف واحد');
  });
});

describe('the rows not recorded, each count in its own form', () => {
  const upload = async (
    locale: 'en' | 'ar',
    r: { rows: number; recorded: number; unknown: number; already_settled: number },
  ) => {
    fakeApi({
      'GET admin/reports/settlements': () => report(1500),
      'GET admin/settlements/files': () => ({ files: [wrong] }),
      'POST admin/settlements': () => ({ created: true, file_id: 7, ...r }),
    });
    await renderPage(locale);
    const csv = new File(['Tracking Number,COD,Date\n'], 'mixed.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('settlement-file'), { target: { files: [csv] } });
    fireEvent.click(screen.getByTestId('settlement-upload'));
    await waitFor(() => expect(screen.getByTestId('settlement-done').textContent).not.toBe(''));
    return screen.getByTestId('settlement-done').textContent;
  };

  it('English: "1 for an unknown shipment"', async () => {
    expect(await upload('en', { rows: 3, recorded: 1, unknown: 1, already_settled: 1 })).toBe(
      '1 of 3 rows recorded (1 for an unknown shipment, 1 already settled).',
    );
    cleanup();
    expect(await upload('en', { rows: 9, recorded: 2, unknown: 4, already_settled: 3 })).toBe(
      '2 of 9 rows recorded (4 for unknown shipments, 3 already settled).',
    );
  });

  it('Arabic: its zero, one, two, few and many for the unknown and the settled rows', async () => {
    expect(await upload('ar', { rows: 12, recorded: 11, unknown: 1, already_settled: 0 })).toBe(
      'اتسجل 11 من 12 صف (صف واحد لشحنة مش معروفة، ومفيش ولا صف متسوّي قبل كده).',
    );
    cleanup();
    expect(await upload('ar', { rows: 5, recorded: 0, unknown: 2, already_settled: 3 })).toBe(
      'اتسجل 0 من 5 صفوف (صفين لشحنات مش معروفة، و3 صفوف متسوّية قبل كده).',
    );
    cleanup();
    expect(await upload('ar', { rows: 26, recorded: 0, unknown: 0, already_settled: 26 })).toBe(
      'اتسجل 0 من 26 صف (مفيش ولا صف لشحنة مش معروفة، و26 صف متسوّي قبل كده).',
    );
    cleanup();
    expect(await upload('ar', { rows: 15, recorded: 0, unknown: 13, already_settled: 2 })).toBe(
      'اتسجل 0 من 15 صف (13 صف لشحنات مش معروفة، وصفين متسوّيين قبل كده).',
    );
  });
});
