import { apiMessage } from '@store/contracts/messages';
import {
  ORDER_MESSAGE_STEPS,
  ORDER_STEP_DEFAULTS,
  type AdminMessageChannelsResponse,
} from '@store/contracts/message-channels';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../lib/locale-store';
import { fakeApi, type Call } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as ChannelsPage } from './message-channels-route';

/**
 * Message channels on a store without WhatsApp set up: a step ticked only on WhatsApp would reach nobody, so the
 * page says so under it and does not save until SMS is ticked too.
 */
const channels: AdminMessageChannelsResponse = {
  steps: ORDER_MESSAGE_STEPS.map((step) => ({ step, ...ORDER_STEP_DEFAULTS })),
  available: { sms: true, email: true, whatsapp: false },
};

let puts: Call[] = [];
beforeEach(() => {
  puts = [];
  useStaffAuth.setState({ staff: { id: 1, email: 'boss@store.example', name: 'Hoda', role: 'owner' } });
  fakeApi({
    'GET admin/message-channels': () => channels,
    'PUT admin/message-channels': (call) => {
      puts.push(call);
      return channels;
    },
  });
});
afterEach(cleanup);

async function renderPage(locale: 'en' | 'ar') {
  useLocaleStore.setState({ locale });
  await i18n.changeLanguage(locale);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/message-channels']}>
        <ChannelsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByTestId('channels-save');
}
const set = (step: string, channel: string, on: boolean) => {
  const box = screen.getByTestId(`channel-${step}-${channel}`) as HTMLInputElement;
  if (box.checked !== on) fireEvent.click(box);
};

describe('a step ticked only on a channel the store cannot send on', () => {
  it('is marked, and saving is refused until SMS is ticked beside it', async () => {
    await renderPage('en');
    set('delivering', 'sms', false);
    set('delivering', 'email', false);
    set('delivering', 'whatsapp', true);
    expect(screen.getByTestId('channel-unreachable-delivering').textContent).toBe(
      'Nobody would get this message: the channels ticked are not set up on this store. Tick SMS too.',
    );
    fireEvent.click(screen.getByTestId('channels-save'));
    expect(await screen.findByText(/Some steps would reach nobody/)).toBeTruthy();
    expect(puts).toEqual([]);

    set('delivering', 'sms', true);
    expect(screen.queryByTestId('channel-unreachable-delivering')).toBeNull();
    fireEvent.click(screen.getByTestId('channels-save'));
    await screen.findByText('Saved. The next messages follow this choice.');
    expect(puts).toHaveLength(1);
  });

  it('says so in Arabic', async () => {
    await renderPage('ar');
    set('confirmed', 'sms', false);
    set('confirmed', 'email', false);
    set('confirmed', 'whatsapp', true);
    expect(screen.getByTestId('channel-unreachable-confirmed').textContent).toContain('مش هتوصل لحد');
  });
  it('shows the API’s refusal when the store could not send on the channel after all (it changed since the page opened)', async () => {
    fakeApi({
      'GET admin/message-channels': () => ({
        ...channels,
        available: { sms: true, email: true, whatsapp: true },
      }),
      'PUT admin/message-channels': (call) => {
        puts.push(call);
        return {
          status: 422,
          body: { errors: [apiMessage('step_channels_unreachable', 'ar')], steps: ['delivering'] },
        };
      },
    });
    await renderPage('ar');
    set('delivering', 'sms', false);
    set('delivering', 'email', false);
    set('delivering', 'whatsapp', true);
    fireEvent.click(screen.getByTestId('channels-save'));
    expect(await screen.findByText(apiMessage('step_channels_unreachable', 'ar'))).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(screen.getByTestId('channels-saved').textContent).toBe('');
  });
});
