-- Use identity columns if PG version 10 or later
CREATE FUNCTION create_author() RETURNS int AS
$$
BEGIN
IF current_setting('server_version_num')::int >= 100000
THEN
execute $c$create table author(
    id int generated always as identity primary key,
    name text unique,
    is_registered boolean not null default false,
    emails text[] not null default '{}'::text[]
)$c$;
ELSE
execute $c$ create table author(
    id serial primary key,
    name text unique,
    is_registered boolean not null default false,
    emails text[] not null default '{}'::text[]
)$c$;
END IF;
RETURN 0;
END;
$$ LANGUAGE plpgsql;

select from create_author();

CREATE TABLE article (
  id SERIAL PRIMARY KEY,
  title TEXT,
  content TEXT,
  author_id INTEGER REFERENCES author(id),
  is_published BOOLEAN,
  published_on TIMESTAMP,
  tags JSON
);
create table author_detail(
  id integer primary key references author(id),
  phone text
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

INSERT INTO "public"."author" ("name") VALUES ('Author 1');

INSERT INTO "public"."author" ("name") VALUES ('Author 2');

INSERT INTO "public"."article" ("content", "title") VALUES ('Sample article content', 'Article 1');

INSERT INTO "public"."article" ("content", "title") VALUES ('Sample article content', 'Article 2');

INSERT INTO "public"."article" ("content", "title") VALUES ('Sample article content', 'Article 3');
