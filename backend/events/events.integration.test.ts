import { defineEventsSuite } from './events.suite';

defineEventsSuite('PGlite', async () => undefined);
