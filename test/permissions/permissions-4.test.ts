/** The permission matrix (matrix-suite.ts), part 4 of 4. */
import { permissionMatrix } from './matrix-suite.ts';

permissionMatrix({ part: 4, of: 4 });
