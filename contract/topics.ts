/** The topics a `changed` message over the websocket names; each stands for a family of cache tags. */
export const TOPICS = [
  'inventory',
  'logs',
  'catalog',
  'project',
  'members',
  'site',
  'users',
  'warehouses',
  'labels',
  'transfers',
  'requests',
  'assets',
  'counts',
] as const;
export type Topic = (typeof TOPICS)[number];

/** The project id of what every project shows (the shared catalogue, the site, the warehouses), and the subscription to it. */
export const EVERY_PROJECT = '*';
