/** The roles of the site and of a project, as plain constants: the ledger's events and the API's schemas both name them. */

/** `auditor` reads every project's logs and the sealed ledger, and changes nothing. */
export const GLOBAL_ROLES = ['guest', 'user', 'admin', 'superadmin', 'auditor'] as const;
export type GlobalRole = (typeof GLOBAL_ROLES)[number];

export const PROJECT_ROLES = ['user', 'manager', 'admin'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
