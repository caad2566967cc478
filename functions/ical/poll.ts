// Cron (every 15 minutes, nhost/metadata/cron_triggers.yaml `ical_import`): polls every active
// import feed whose lease is free. A feed is claimed by one conditional update (lease_until in the
// past or empty -> now + 10 minutes), so two overlapping polls never work on the same feed; the
// import itself is idempotent too (functions/ical/_lib/importFeed.ts). Answers with a summary.
import type { Request, Response } from 'express';
import { requireTrigger } from '../_lib/webhook';
import { admin, gql, type Actor } from '../_registry/graphql';
import { importFeed, type FeedRow, type ImportResult } from './_lib/importFeed';

/** Today where the properties are: stays that ended before it are history for an import. */
function todayInBudapest(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const LEASE_MS = 10 * 60_000;
const CONCURRENCY = 4;
/** A run stops taking feeds after this (the cron's timeout is 300 s); the rest wait for the next run. */
const BUDGET_MS = 200_000;

const DUE = `query IcalDue($now: timestamptz!) {
  ical_import_feeds(where: { is_active: { _eq: true }, _or: [{ lease_until: { _is_null: true } }, { lease_until: { _lt: $now } }] }, order_by: { last_polled_at: asc_nulls_first }) { id unit_id channel url }
}`;
const CLAIM = `mutation IcalClaim($id: uuid!, $now: timestamptz!, $until: timestamptz!) {
  update_ical_import_feeds(where: { id: { _eq: $id }, is_active: { _eq: true }, _or: [{ lease_until: { _is_null: true } }, { lease_until: { _lt: $now } }] }, _set: { lease_until: $until }) { affected_rows }
}`;

/** Polls the due feeds (all, or the ids given) and returns each outcome; `acting`: see importFeed. */
export async function pollFeeds(onlyIds?: readonly string[], acting?: Actor): Promise<(ImportResult & { feedId: string })[]> {
  const now = new Date();
  const due = (await gql<{ ical_import_feeds: FeedRow[] }>(admin, DUE, { now: now.toISOString() })).ical_import_feeds.filter((f) => !onlyIds || onlyIds.includes(f.id));
  const today = todayInBudapest(now);
  const results: (ImportResult & { feedId: string })[] = [];
  const queue = [...due];
  const deadline = Date.now() + BUDGET_MS;
  const worker = async () => {
    for (let feed = queue.shift(); feed && Date.now() < deadline; feed = queue.shift()) {
      const claim = await gql<{ update_ical_import_feeds: { affected_rows: number } }>(admin, CLAIM, { id: feed.id, now: new Date().toISOString(), until: new Date(Date.now() + LEASE_MS).toISOString() });
      if (claim.update_ical_import_feeds.affected_rows !== 1) continue; // another poll has it
      results.push({ feedId: feed.id, ...(await importFeed(feed, today, { acting })) });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

export default async function poll(req: Request, res: Response): Promise<void> {
  if (!requireTrigger(req, res)) return;
  const results = await pollFeeds();
  res.json({ polled: results.length, results: results.map((r) => ({ feedId: r.feedId, status: r.status, created: r.created, moved: r.moved, cancelled: r.cancelled, conflicts: r.conflicts.length })) });
}
