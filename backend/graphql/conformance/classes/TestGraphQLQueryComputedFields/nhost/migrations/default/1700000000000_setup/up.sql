CREATE TABLE author(
  id SERIAL PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT
);

INSERT INTO author (first_name, last_name)
VALUES ('Roger', 'Chris'), ('Daniel', NULL);

CREATE TABLE article(
  id SERIAL PRIMARY KEY,
  title TEXT NOT NULL,
  content TEXT,
  author_id INTEGER NOT NULL REFERENCES author(id)
);

INSERT INTO article (title, content, author_id)
VALUES
  ('Article 1', 'Content for Article 1', 1),
  ('Article 2', 'Content for Article 2', 2),
  ('Article 3', 'Content for Article 3', 2);

CREATE FUNCTION fetch_articles(search text, author_row author)
RETURNS SETOF article AS $$
  SELECT *
  FROM article
  WHERE
    ( title ilike ('%' || search || '%')
      OR content ilike ('%' || search || '%')
    ) AND author_id = author_row.id
$$ LANGUAGE sql STABLE;

CREATE FUNCTION fetch_articles_plain(author_row author)
RETURNS SETOF article AS $$
  SELECT *
  FROM article
  WHERE author_id = author_row.id
$$ LANGUAGE sql STABLE;

CREATE FUNCTION full_name(author)
RETURNS TEXT AS $$
  DECLARE
    first_name text;
    last_name text;
    full_name text;
  BEGIN
    first_name := $1.first_name;
    last_name := $1.last_name;
    IF last_name IS NULL THEN
      full_name := first_name;
    ELSE full_name := first_name || ' ' || last_name;
    END IF;
    RETURN full_name;
  END;
$$ LANGUAGE plpgsql STABLE;


CREATE TABLE float_test(
  id serial primary key,
  first_int integer not null,
  second_int integer not null
);

INSERT INTO float_test (first_int, second_int)
VALUES (1, 2), (3, 2), (4, 6);

CREATE FUNCTION get_sum(table_row float_test) returns float8 AS $$
SELECT table_row.first_int::float8 + table_row.second_int::float8
$$ LANGUAGE SQL STABLE;

CREATE FUNCTION get_sum_offset(table_row float_test, hasura_session json) returns int AS $$
SELECT table_row.first_int + table_row.second_int + (hasura_session ->> 'x-hasura-offset-int')::int
$$ LANGUAGE SQL STABLE;
