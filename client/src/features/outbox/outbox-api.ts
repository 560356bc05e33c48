/**
 * The outbox (superadmin): every e-mail the product has written, newest first. Without a mail
 * server this is where invitations and reset codes are read.
 */
import { baseApi } from '../../api/base-api.ts';

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  body: string;
  status: string;
  created_at: string;
  sent_at: string | null;
}

export interface OutboxPage {
  items: OutboxMessage[];
  total: number;
}

export const OUTBOX_PAGE_SIZE = 25;

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
