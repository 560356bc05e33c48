/**
 * The POSTs that change nothing: starting a verification of the ledger, a label export, a label
 * print or its preview (spec 02 §6: viewing and export are a reader's) and a transfer's history
 * (spec 02 §7 makes it a POST). An auditor may call them, and so may a read-only API token.
 */
const READING_POSTS = [/^\/api\/ledger\/verify$/, /^\/api\/labels\/export$/, /^\/api\/labels\/print(\/preview)?$/, /^\/api\/transfers\/history$/];

/** `route` is the router's pattern (`/api/labels/export`). */
export const isReadingPost = (method: string, route: string) => method === 'POST' && READING_POSTS.some((pattern) => pattern.test(route));
