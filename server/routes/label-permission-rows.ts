/** The route × role matrix's rows for these routes (server/routes/permissions.test.ts). */
import type { MatrixContext, RouteCase } from '../../test/helpers/permission-matrix.ts';

export function labelPermissionRows(_context: MatrixContext): RouteCase[] {
  return [];
}
