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
CREATE TABLE city (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  country TEXT NOT NULL
);
insert into author (name)
values
('Author 1'),
('Author 2'),
('Author 3') ;
insert into article (title,content,author_id,is_published)
values
(
  'Article 1',
  'Sample article content 1',
  1,
  false
),
(
  'Article 2',
  'Sample article content 2',
  1,
  true
),
(
  'Article 3',
  'Sample article content 3',
  2,
  false
),
(
  'Article 4',
  'Sample article content 4',
  3,
  true
);

INSERT INTO "public"."city" ("name", "country") VALUES ('Durham', 'USA');

INSERT INTO "public"."city" ("name", "country") VALUES ('New York', 'USA');

INSERT INTO "public"."city" ("name", "country") VALUES ('Framlingham', 'UK');

INSERT INTO "public"."city" ("name", "country") VALUES ('New Orleans', 'USA');

CREATE TABLE project (
  id CHAR(3) PRIMARY KEY
);

INSERT INTO project VALUES
  ('abc'),
  ('ABC'),
  ('bcd'),
  ('BCD');
