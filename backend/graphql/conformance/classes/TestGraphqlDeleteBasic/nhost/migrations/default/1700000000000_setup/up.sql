create table author(
    id serial primary key,
    name text unique,
    emails text[] not null default '{}'::text[],
    info jsonb
);
CREATE TABLE article (
  id SERIAL PRIMARY KEY,
  title TEXT,
  content TEXT,
  author_id INTEGER NOT NULL REFERENCES author(id),
  is_published BOOLEAN,
  published_on TIMESTAMP
);

INSERT INTO "public"."author" ("name") VALUES ('Author 1');

INSERT INTO "public"."author" ("name") VALUES ('Author 2');

INSERT INTO "public"."author" ("name", "info") VALUES ('Author 3', '{"age":23}');

INSERT INTO "public"."article" ("content", "title", "author_id") VALUES ('Sample article content 1', 'Article 1', 1);

INSERT INTO "public"."article" ("content", "title", "author_id") VALUES ('Sample article content 2', 'Article 2', 1);

INSERT INTO "public"."article" ("content", "author_id", "title") VALUES ('Sample article content 3', 1, 'Article 3');

INSERT INTO "public"."article" ("content", "author_id", "title") VALUES ('Sample article content 4', 2, 'Article 4');

INSERT INTO "public"."article" ("content", "author_id", "title") VALUES ('Sample article content 5', 2, 'Article 5');
