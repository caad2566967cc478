// The engine's HTTP suite on the embedded PGlite.
import { defineEngineSuite } from './graphql-engine.suite';

defineEngineSuite('PGlite', async () => undefined);
