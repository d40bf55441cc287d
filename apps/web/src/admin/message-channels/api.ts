import type { AdminMessageChannelsResponse, StepChannelsRow } from '@store/contracts/message-channels';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const CHANNELS_KEY = ['admin', 'message-channels'] as const;

/** GET v1/admin/message-channels: each order step's channels and the channels the store can send on. */
export const channelsQueryOptions = () =>
  queryOptions({
    queryKey: CHANNELS_KEY,
    queryFn: ({ signal }) => api<AdminMessageChannelsResponse>('admin/message-channels', { signal }),
  });

/** PUT v1/admin/message-channels: saves every step's channels. */
export const saveChannels = (steps: StepChannelsRow[]) =>
  api<AdminMessageChannelsResponse>('admin/message-channels', { method: 'PUT', body: { steps } });
