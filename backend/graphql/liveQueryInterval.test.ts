import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveQueryRefetchMs } from './index';

describe('live-query refetch interval', () => {
  const dir = (toml: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'live-interval-'));
    fs.writeFileSync(path.join(d, 'nhost.toml'), toml);
    return d;
  };

  it("reads the project's nhost.toml: 500 ms, so a new message reaches an open inbox within a second", () => {
    expect(liveQueryRefetchMs(path.resolve('nhost'), {})).toBe(500);
  });

  it('lets the environment override the file, and falls back to Hasura’s 1000 ms', () => {
    expect(liveQueryRefetchMs(path.resolve('nhost'), { HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL: '250' })).toBe(250);
    expect(liveQueryRefetchMs(dir('[hasura]\n'), {})).toBe(1000);
    expect(liveQueryRefetchMs(dir('[hasura.settings]\nliveQueriesMultiplexedRefetchInterval = "soon"\n'), {})).toBe(1000);
  });
});
