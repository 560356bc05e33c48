/** The permission matrix (matrix-suite.ts), part 3 of 4. */
import { permissionMatrix } from './matrix-suite.ts';

permissionMatrix({ part: 3, of: 4 });
