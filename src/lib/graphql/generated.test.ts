// The committed *.generated.ts files are what `npm run codegen` makes from today's nhost/ schema
// and src/**/*.graphql: a changed document, a renamed column or a document the schema rejects
// fails here (and the generated types make `tsc` fail where the app reads a changed field).
import { describe, expect, it } from 'vitest';
import { staleGeneratedFiles } from '../../../scripts/codegen';

describe('generated GraphQL types', () => {
  it('match a fresh generation from the schema (run `npm run codegen` when this fails)', async () => {
    expect(await staleGeneratedFiles()).toEqual([]);
  }, 120_000);
});
