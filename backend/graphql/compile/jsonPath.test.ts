// The `path` argument of json/jsonb columns, read as Hasura's Data.Parser.JSONPath reads it.
import { describe, expect, it } from 'vitest';
import { parseJsonPath } from './jsonPath';

const path = (text: string) => {
  const r = parseJsonPath(text);
  return r.ok ? r.path : r.message;
};

describe('parseJsonPath', () => {
  it('reads keys, indexes and quoted keys as Hasura\'s tests write them', () => {
    expect(path('$')).toEqual([]);
    expect(path('.obj.c1')).toEqual(['obj', 'c1']);
    expect(path('a')).toEqual(['a']);
    expect(path('$.a.b')).toEqual(['a', 'b']);
    expect(path('arr[0]')).toEqual(['arr', '0']);
    expect(path('._underscore')).toEqual(['_underscore']);
    expect(path("['!@#$%^']")).toEqual(['!@#$%^']);
    expect(path("translations['hello world!']")).toEqual(['translations', 'hello world!']);
    expect(path("objs[0]['你好']")).toEqual(['objs', '0', '你好']);
    expect(path('objs[0]["你好"]')).toEqual(['objs', '0', '你好']);
    expect(path('objs.[0].["你好"]')).toEqual(['objs', '0', '你好']);
    expect(path('a-b_c9')).toEqual(['a-b_c9']);
  });

  it('unescapes quotes inside quoted keys as JSON strings do', () => {
    expect(path("['it\\'s']")).toEqual(["it's"]);
    expect(path('["say \\"hi\\""]')).toEqual(['say "hi"']);
    expect(path("['a\"b']")).toEqual(['a"b']);
  });

  it('refuses what Hasura refuses, with its message', () => {
    const message = (t: string) => `${t}. Accept letters, digits, underscore (_) or hyphen (-) only. Use quotes enclosed in bracket (["..."]) if there is any special character`;
    for (const bad of ['', '9a', 'a b', 'a.', '[x]', "['open", 'a[-1]', '$$']) expect(path(bad)).toBe(message(bad));
  });
});
