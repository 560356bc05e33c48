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
  Correction: 'yellow',
  Count: 'grape',
};

/** Types only the warehouse logs carry: a move between two places of one warehouse. */
const WAREHOUSE_ONLY_COLORS: Record<string, string> = { Relocate: 'indigo' };

/** The colour of a log type as the server writes it, matched without regard to case. */
export function logTypeColor(type: string): string {
  const colors: Record<string, string> = { ...LOG_TYPE_COLORS, ...WAREHOUSE_ONLY_COLORS };
  const match = Object.keys(colors).find((known) => known.toLowerCase() === type.trim().toLowerCase());
  return match ? colors[match]! : 'gray';
}
