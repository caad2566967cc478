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
  author_id INTEGER REFERENCES author(id),
  is_published BOOLEAN,
  published_on TIMESTAMP
);
CREATE TABLE person (
  id SERIAL PRIMARY KEY,
  details JSONB NOT NULL
);
SET lc_monetary TO "en_US.utf-8";
CREATE TABLE numerics (
  id SERIAL PRIMARY KEY,
  num_smallint SMALLINT,
  num_integer INTEGER,
  num_bigint BIGINT,
  num_real REAL,
  num_double DOUBLE PRECISION,
  num_money MONEY,
  num_numeric NUMERIC
);

INSERT INTO "public"."author" ("name", "info") VALUES ('Author 1', '{"age":23}');

INSERT INTO "public"."author" ("name") VALUES ('Author 2');

INSERT INTO "public"."person" ("details") VALUES ('{"name":{"first":"foo","last":"bar"},"address":"foobar"}');

INSERT INTO "public"."numerics" ("num_smallint", "num_integer", "num_bigint", "num_real", "num_double", "num_money", "num_numeric") VALUES (12345, 12345, 12345, 12345.67, 12345.67, 12345.67, 12345.67);
