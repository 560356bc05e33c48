/** The permission matrix (matrix-suite.ts), part 2 of 4. */
import { permissionMatrix } from './matrix-suite.ts';

permissionMatrix({ part: 2, of: 4 });
