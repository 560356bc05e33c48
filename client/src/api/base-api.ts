/**
 * The single RTK Query api of the client. Features add their endpoints with
 * `baseApi.injectEndpoints`; cache tags are declared here so invalidation stays in one vocabulary.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import { createAppBaseQuery } from './base-query.ts';

export const TAG_TYPES = [
  'Me',
  // The signed-in person's second factors (and, per user id, what an admin sees of someone's).
  'Security',
  'Ledger',
  'PublicSettings',
  'SiteSettings',
  'Project',
  'ProjectRole',
  'ProjectMembers',
  'ProjectSettings',
  'ProjectHistory',
  'User',
  'Outbox',
  // Per project id: the stock of every part, and everything derived from it (items, holders, explanations).
  'Inventory',
  // Per project id: the activity log.
  'MaterialLogs',
  // The material catalogue shared by every project.
  'Catalog',
  // The warehouses (LIST) and each one by id.
  'Warehouse',
  // Per warehouse id: its stock by location, and its movements.
  'WarehouseStock',
  'WarehouseLogs',
  // Per project id: the label database (searches), its filter lists, its label templates.
  'Labels',
  'LabelFilters',
  'LabelTemplates',
  // Per project id: the transfers into and out of it; per transfer id: its history.
  'Transfers',
  'TransferHistory',
  // Per project id: its requests (both lists); per request id: one request and its history; per
  // project id: the unread count, refreshed on its own schedule (at most every 30 s).
  'Requests',
  'Request',
  'RequestHistory',
  'RequestUnread',
  // The asset catalogue (LIST) and its categories (CATEGORIES).
  'AssetCatalog',
  // Per project or warehouse id: its asset inventory (instances and bulk counts), and its asset log.
  'AssetInventory',
  'AssetLogs',
  // Stock counts: every list and session (LIST, DUE, LAST) and each session by id (its lines, its variance).
  'Counts',
  // API tokens: the signed-in person's own (LIST and each id), and the site's service tokens.
  'ApiTokens',
  'ServiceTokens',
  // Webhook endpoints: one list per scope (a project id, or SITE for the site-wide ones), and each
  // endpoint's attempt log by its id.
  'Webhooks',
  'WebhookAttempts',
] as const;

export type ApiTag = (typeof TAG_TYPES)[number];

/** A cache tag of the api: a whole type, or one id of it. */
export type ApiTagDescription = ApiTag | { type: ApiTag; id?: string };

/** The app's one base query; the offline sender sends through it too (same refresh lock). */
export const appBaseQuery = createAppBaseQuery();

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: appBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
