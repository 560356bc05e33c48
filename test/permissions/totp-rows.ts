/** The totp routes' rows of the route × role matrix (permissions.test.ts). */
import type { MatrixContext, RouteCase } from './matrix.ts';

export function totpPermissionRows(_context: MatrixContext): RouteCase[] {
  return [];
}
