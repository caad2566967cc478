create table author(
    id serial primary key,
    name text unique
);
CREATE TABLE article (
  id SERIAL PRIMARY KEY,
  title TEXT,
  content TEXT,
  author_id INTEGER REFERENCES author(id),
  is_published BOOLEAN,
  published_on TIMESTAMP
);
CREATE TABLE person (
  id SERIAL PRIMARY KEY,
  details JSONB NOT NULL
);
CREATE TABLE orders (
  id SERIAL PRIMARY KEY,
  placed TIMESTAMPTZ NOT NULL,
  shipped TIMESTAMPTZ
);

INSERT INTO "public"."author" ("name") VALUES ('Author 1');

INSERT INTO "public"."author" ("name") VALUES ('Author 2');

INSERT INTO "public"."article" ("content", "title") VALUES ('Sample article content', 'Article 1');

INSERT INTO "public"."article" ("content", "title") VALUES ('Sample article content', 'Article 2');

INSERT INTO "public"."article" ("content", "title") VALUES ('Sample article content', 'Article 3');

INSERT INTO "public"."orders" ("placed") VALUES ('2017-08-19 14:22:11.802755+02');
