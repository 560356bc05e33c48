/** Display formats shared by tables. */

/** A server timestamp in the browser's locale; an empty or unreadable value shows as a dash. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString();
}

/** Just the day of a server timestamp. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString();
}

/** A person in tables and pickers: first and last name, else the e-mail address. */
export function personName(user: { user_firstname?: string | null; user_lastname?: string | null; user_email?: string | null }): string {
  const name = [user.user_firstname, user.user_lastname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.user_email || '—';
}
