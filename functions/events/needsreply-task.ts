// Event triggers needsreply_task (messages insert; threads needs_reply/assignee update) -> the thread's
// needsreply task follows threads.needs_reply, which the database sets in the message's own
// transaction (a guest's message sets it, a reply clears it): open one task while the guest
// waits, complete it once someone answered. The handler reads that state instead of trusting the
// event, re-checks after each write, and the unique index tasks_thread_id_needsreply_open_key
// holds "one open task per thread", so redeliveries and racing events end in the same state.
import type { Request, Response } from 'express';
import { requireTrigger, type TriggerEvent } from '../_lib/webhook';
import { needsReplyAction, needsReplyTitle } from '../../src/domain/tasks';
import { asAdmin, isUniqueViolation } from './_ops/graphql';
import { UUID } from '../../src/lib/uuid';

type Row = Record<string, unknown>;
const MAX_ROUNDS = 4;

const STATE = `query ($thread: uuid!) {
  thread: threads_by_pk(id: $thread) { needs_reply guest_name subject assigned_user_id last_message_at thread_2_bookings(limit: 1) { booking_id } }
  open: tasks(where: {thread_id: {_eq: $thread}, type: {_eq: needsreply}, completed: {_eq: false}}) { id }
}`;

interface State {
  thread: { needs_reply: boolean; guest_name: string | null; subject: string | null; assigned_user_id: string | null; last_message_at: string; thread_2_bookings: { booking_id: string }[] } | null;
  open: { id: string }[];
}

export default async function needsReplyTask(req: Request, res: Response): Promise<void> {
  if (!requireTrigger(req, res)) return;
  const ev = req.body as Partial<TriggerEvent<Row>> | undefined;
  const row = ev?.event?.data?.new ?? ev?.event?.data?.old;
  const table = ev?.table?.name;
  const threadId = row ? (table === 'threads' ? row.id : table === 'messages' ? row.thread_id : null) : null;
  if (typeof threadId !== 'string' || !UUID.test(threadId)) {
    res.status(400).json({ error: 'invalid-event', message: 'Expected a messages or threads event with a thread id' });
    return;
  }
  // A thread handed to someone else hands its open needsreply task over too.
  const reassigned = table === 'threads' && ev?.event?.data?.old && ev.event.data.new && ev.event.data.old.assigned_user_id !== ev.event.data.new.assigned_user_id;
  try {
    if (reassigned) await handOver(threadId);
    res.json(await follow(threadId));
  } catch (error) {
    res.status(500).json({ error: 'task-failed', message: error instanceof Error ? error.message : String(error) });
  }
}

async function follow(threadId: string): Promise<{ opened: number; closed: number }> {
  const done = { opened: 0, closed: 0 };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const s = await asAdmin<State>(STATE, { thread: threadId });
    if (!s.thread) return done; // the thread is gone, and its tasks with it (cascade)
    const action = needsReplyAction(s.thread.needs_reply, s.open.length);
    if (action === 'none') return done;
    if (action === 'open') {
      try {
        await asAdmin(`mutation ($task: tasks_insert_input!) { insert_tasks_one(object: $task) { id } }`, {
          task: {
            type: 'needsreply',
            title: needsReplyTitle(s.thread.guest_name, s.thread.subject),
            thread_id: threadId,
            booking_id: s.thread.thread_2_bookings[0]?.booking_id ?? null,
            assigned_user_id: s.thread.assigned_user_id,
            due_date: budapestDay(s.thread.last_message_at),
          },
        });
        done.opened += 1;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error; // another delivery opened it: check again
      }
    } else {
      const r = await asAdmin<{ update_tasks: { affected_rows: number } }>(
        `mutation ($thread: uuid!, $at: timestamptz!) { update_tasks(where: {thread_id: {_eq: $thread}, type: {_eq: needsreply}, completed: {_eq: false}}, _set: {completed: true, completed_at: $at}) { affected_rows } }`,
        { thread: threadId, at: new Date().toISOString() },
      );
      done.closed += r.update_tasks.affected_rows;
    }
  }
  return done;
}

/** The open needsreply task goes to whoever the thread is assigned to now (read, not taken from the event). */
async function handOver(threadId: string): Promise<void> {
  await asAdmin(
    `mutation ($thread: uuid!, $to: uuid) { update_tasks(where: {thread_id: {_eq: $thread}, type: {_eq: needsreply}, completed: {_eq: false}}, _set: {assigned_user_id: $to}) { affected_rows } }`,
    { thread: threadId, to: (await asAdmin<{ threads_by_pk: { assigned_user_id: string | null } | null }>(`query ($t: uuid!) { threads_by_pk(id: $t) { assigned_user_id } }`, { t: threadId })).threads_by_pk?.assigned_user_id ?? null },
  );
}

/** The calendar day of an instant in Budapest, where the team works. */
function budapestDay(iso: string): string {
  const d = Number.isNaN(Date.parse(iso)) ? new Date() : new Date(iso);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}
