// The permission matrix (permissions.matrix.ts) on the embedded PGlite with the demo data.
import { definePermissionMatrix, PGLITE } from './permissions.matrix';

definePermissionMatrix(PGLITE);
