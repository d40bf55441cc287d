import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { SortMenu } from './sort-menu';

/** Opens the menu as a pointer does (Radix opens on pointerdown, not click). */
async function open() {
  const trigger = await screen.findByTestId('sort-menu');
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
  return screen.findByRole('menu');
}

afterEach(cleanup);

describe('SortMenu', () => {
  it('opens right to left in Arabic', async () => {
    fakeApi({});
    await renderPage(<SortMenu value="default" onChange={() => {}} />, { locale: 'ar' });
    const menu = await open();
    expect(menu.getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('menuitemradio', { name: /الأقل سعرًا/ })).toBeTruthy();
  });

  it('opens left to right in English', async () => {
    fakeApi({});
    await renderPage(<SortMenu value="default" onChange={() => {}} />, { locale: 'en' });
    const menu = await open();
    expect(menu.getAttribute('dir')).toBe('ltr');
  });
});
