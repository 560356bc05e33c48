/** The permission matrix (matrix-suite.ts), part 1 of 4. */
import { permissionMatrix } from './matrix-suite.ts';

permissionMatrix({ part: 1, of: 4 });
