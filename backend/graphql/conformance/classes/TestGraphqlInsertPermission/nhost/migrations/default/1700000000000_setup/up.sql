create table author(
    id serial primary key,
    name text unique,
    bio text,
    is_registered boolean not null default false
);
CREATE TABLE article (
  id SERIAL PRIMARY KEY,
  title TEXT,
  content TEXT,
  author_id INTEGER REFERENCES author(id),
  is_published BOOLEAN,
  published_on TIMESTAMP
);

CREATE FUNCTION fetch_articles(search text, author_row author)
RETURNS SETOF article AS $$
  SELECT *
  FROM article
  WHERE
    ( title ilike ('%' || search || '%')
      OR content ilike ('%' || search || '%')
    ) AND author_id = author_row.id
$$ LANGUAGE sql STABLE;
CREATE TABLE resident (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  age INTEGER NOT NULL,
  is_user BOOLEAN DEFAULT FALSE NOT NULL
);
CREATE TABLE address (
  id SERIAL PRIMARY KEY,
  door_no TEXT NOT NULL,
  street TEXT NOT NULL,
  city TEXT NOT NULL,
  resident_id INTEGER REFERENCES resident(id)
);
CREATE TABLE "Company" (
"id" SERIAL PRIMARY KEY,
"name" TEXT
);
CREATE TABLE blog (
  id serial primary key,
  title text not null,
  content text,
  author_id INTEGER REFERENCES author(id),
  last_updated timestamptz,
  updated_by INTEGER REFERENCES author(id)
);
CREATE TABLE computer (
  id          SERIAL PRIMARY KEY,
  name        TEXT    NOT NULL,
  spec        JSONB   NOT NULL
);
create table "user" (
  id serial primary key,
  name text not null unique,
  is_admin boolean default false
);

create table account (
  id serial primary key,
  account_no integer not null
);
create table leads (
  id serial primary key,
  name text not null,
  added_by text not null
);
create table items (
  id serial primary key,
  name text,
  item_quantity int
);
create table order_cart (
  id serial primary key,
  item_id int not null references items(id),
  order_cart_quantity int
);

INSERT INTO "public"."author" ("name") VALUES ('Author 1');

INSERT INTO "public"."author" ("name") VALUES ('Author 2');

INSERT INTO "public"."article" ("content", "title", "author_id") VALUES ('Sample article content', 'Article 1', 1);

INSERT INTO "public"."article" ("content", "title", "author_id") VALUES ('Sample article content', 'Article 2', 1);

INSERT INTO "public"."article" ("content", "title", "author_id") VALUES ('Sample article content', 'Article 3', 2);

INSERT INTO blog (id, title, author_id) VALUES
  (1, 'first blog', 1), (2, 'second blog', 2);
insert into "user" (name, is_admin)
  values ('user_1', false), ('user_2', true)
;

INSERT INTO "public"."resident" ("id", "name", "age") VALUES (5, 'Resident 5', 21);

INSERT INTO "public"."resident" ("id", "name", "age") VALUES (6, 'Resident 6', 22);

INSERT INTO "public"."items" ("name", "item_quantity") VALUES ('Apsara Pencil', 10);

INSERT INTO "public"."items" ("name", "item_quantity") VALUES ('Reynolds Trimax', 1323);
