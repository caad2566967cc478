// Fragment cycles and fragment bombs sent with a real access token: every one is refused at once
// with Hasura's validation error (the cycle named as Hasura names it), never expanded until a
// depth limit, a timeout or a crash. Data: Hasura's class TestGraphqlQueryPermissions (author with
// articles, article with author; role user).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startClassEngine, type ClassEngine } from './runner';

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: { code: string } }[];
}

let engine: ClassEngine;
beforeAll(async () => {
  engine = await startClassEngine('TestGraphqlQueryPermissions');
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

async function ask(query: string): Promise<Answer> {
  const token = await engine.token('user', { 'x-hasura-user-id': '1' });
  const r = await engine.postAsClient({ query }, { authorization: `Bearer ${token}` });
  expect(r.status).toBe(200);
  return r.body as Answer;
}
const refused = (a: Answer, message: string) => {
  expect(a.data ?? null).toBeNull();
  expect(a.errors?.[0]).toMatchObject({ message, extensions: { code: 'validation-failed' } });
};

it('names a cycle through relationships, a three-fragment cycle and a fragment spreading itself', async () => {
  refused(await ask(`{ author { ...A } }
    fragment A on author { id articles { ...B } }
    fragment B on article { id author { ...A } }`), 'the fragment definition(s) A and B form a cycle');
  refused(await ask(`{ author { ...A } }
    fragment A on author { id articles { ...B } }
    fragment B on article { id author { ...C } }
    fragment C on author { name articles { ...B } }`), 'the fragment definition(s) B and C form a cycle');
  refused(await ask('{ author { ...A } } fragment A on author { id ...A }'), 'the fragment definition(s) A form a cycle');
});

it('refuses a fragment bomb (each fragment spreading the next ten times) without expanding it', async () => {
  const levels = 12;
  const frags = Array.from({ length: levels }, (_, i) => i < levels - 1
    ? `fragment F${i} on author { ${Array.from({ length: 10 }, () => `...F${i + 1}`).join(' ')} }`
    : `fragment F${i} on author { id name }`);
  const a = await ask(`{ author { ...F0 } } ${frags.join(' ')}`);
  expect(a.data ?? null).toBeNull();
  expect(a.errors?.[0]?.extensions.code).toBe('validation-failed');
  // 10^11 selections if expanded: the walk stops at its selection limit (the test's timeout would
  // catch an expansion).
});

it('still expands the same fragment used twice side by side, and one nested in another without a cycle', async () => {
  expect(await ask(`{ author(where: {id: {_eq: 1}}) { ...N a2: articles { ...T } } }
    fragment N on author { id ...I }
    fragment I on author { id }
    fragment T on article { id }`)).toMatchObject({ data: { author: [{ id: 1 }] } });
});
