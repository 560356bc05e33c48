/**
 * The outbox (superadmin): every e-mail the product has written, newest first. Without a mail
 * server this is where invitations and reset codes are read.
 */
import { OUTBOX_PAGE_SIZE } from '@contract/limits.ts';
import type { OutboxPage } from '@contract/site.ts';
import { baseApi } from '../../api/base-api.ts';

export type { OutboxMessage, OutboxPage } from '@contract/site.ts';
export { OUTBOX_PAGE_SIZE };

export const outboxApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listOutbox: build.query<OutboxPage, { page: number }>({
      query: ({ page }) => ({
        url: 'api/outbox',
        params: { page, page_size: OUTBOX_PAGE_SIZE },
      }),
      providesTags: ['Outbox'],
    }),
  }),
});

export const { useListOutboxQuery } = outboxApi;
