/** Log rows are coloured by type (spec 01 §2), the same on every page that lists them. */
import type { LogType } from '../api/material-types.ts';

export const LOG_TYPE_COLORS: Record<LogType, string> = {
  Receive: 'green',
  Return: 'blue',
  Assign: 'violet',
  Unassign: 'orange',
  Lost: 'red',
  Found: 'teal',
  Transfer: 'cyan',
};

/** The colour of a log type as the server writes it, matched without regard to case. */
export function logTypeColor(type: string): string {
  const match = (Object.keys(LOG_TYPE_COLORS) as LogType[]).find((known) => known.toLowerCase() === type.trim().toLowerCase());
  return match ? LOG_TYPE_COLORS[match] : 'gray';
}
