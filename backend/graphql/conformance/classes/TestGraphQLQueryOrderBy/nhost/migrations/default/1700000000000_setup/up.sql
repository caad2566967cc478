CREATE TABLE contact (
  id SERIAL PRIMARY KEY,
  phone INTEGER,
  address TEXT
);

create table author(
    id serial primary key,
    name text unique,
    contact_id INTEGER REFERENCES contact(id)
);

CREATE TABLE article (
  id SERIAL PRIMARY KEY,
  title TEXT,
  content TEXT,
  author_id INTEGER REFERENCES author(id),
  is_published BOOLEAN,
  published_on TIMESTAMP
);

CREATE FUNCTION get_articles(hasura_session json, author_row author)
RETURNS SETOF article AS $$
  SELECT *
  FROM article
  WHERE author_id = author_row.id AND
    ( title ilike  ('%' || (hasura_session ->> 'x-hasura-search') || '%')
      OR content  ilike  ('%' || (hasura_session ->> 'x-hasura-search') || '%')
    )
$$ LANGUAGE SQL STABLE;

insert into contact (phone)
values
(1234567890),
(1234567891);

insert into author (name, contact_id)
values
('Author 1', 2),
('Author 2', 1);

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
  true
);
create table "Album" (
  album_id INTEGER NOT NULL PRIMARY KEY,
  title TEXT NOT NULL
);

create table "Track" (
track_id INTEGER NOT NULL PRIMARY KEY,
name TEXT NOT NULL,
album_id INTEGER REFERENCES "Album"(album_id),
milliseconds INTEGER NOT NULL,
bytes INTEGER NOT NULL
);

insert into "Album" (album_id, title)
values ( 1, 'Big Ones' ), (2, 'Face Lift');

insert into "Track"
(track_id, name, album_id, milliseconds, bytes)
values
( 1, 'Restless', 1, 123654, 9836284),
( 2, 'Keepup', 1, 637483, 6382913) ,
( 3, 'Havana', 1, 234512, 986384) ,
( 4, 'Evil Walks', 2, 437294, 6284302) ,
( 5, 'Random', 2, 1094732, 6032547) ,
( 6, 'Good One', 2, 346208, 6732987) ,
( 7, 'Mistress', 2, 420985, 7521946);

CREATE FUNCTION track_size_mb(track_row "Track")
RETURNS INTEGER AS $$
  SELECT (track_row.bytes / 1048576)
$$ LANGUAGE SQL STABLE;

CREATE table "Tag" (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  album_id INTEGER NOT NULL REFERENCES "Album"(album_id)
);

INSERT INTO "Tag" (name, album_id)
VALUES
( 'Rock',    1),
( 'Folk',    1),
( 'Hip Hop', 2);

CREATE TABLE employee (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  department TEXT,
  salary INTEGER
);

INSERT INTO "public"."employee" ("name", "department", "salary") VALUES ('Kai', 'Engineering', 2345);

INSERT INTO "public"."employee" ("name", "department", "salary") VALUES ('Zara', 'Services', 1234);

INSERT INTO "public"."employee" ("name", "department", "salary") VALUES ('Kelsy', 'Services', 2134);

INSERT INTO "public"."employee" ("name", "department", "salary") VALUES ('Damien', 'Product', 3124);

INSERT INTO "public"."employee" ("name", "department", "salary") VALUES ('Kamila', 'Engineering', 4325);

INSERT INTO "public"."employee" ("name", "department", "salary") VALUES ('Dara', 'Product', 1209);

INSERT INTO "public"."employee" ("name", "department", "salary") VALUES ('Rickard', 'Services', 2223);

INSERT INTO "public"."employee" ("name", "department", "salary") VALUES ('Bent', 'Engineering', 4122);
