-- create tables
CREATE TABLE author(
  id SERIAL PRIMARY KEY,
  name TEXT UNIQUE
);
CREATE TABLE article(
  id SERIAL PRIMARY KEY,
  title TEXT,
  content TEXT,
  author_id INTEGER REFERENCES author(id)
);

-- insert data
INSERT INTO author (name)
  VALUES ('Author 1'), ('Author 2')
;
INSERT INTO article (title, content, author_id)
  VALUES
  ( 'Article 1'
  , 'Content for Article 1'
  , 1
  ),
  ( 'Article 2'
  , 'Content for Article 2'
  , 1
  ),
  ( 'Article 3'
  , 'Content for Article 3'
  , 2
  )
;
