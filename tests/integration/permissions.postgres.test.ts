// The permission matrix (permissions.matrix.ts) on a throwaway PostgreSQL server with the demo data.
import { definePermissionMatrix, SERVER_POSTGRES } from './permissions.matrix';

definePermissionMatrix(SERVER_POSTGRES);
