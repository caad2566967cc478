-- create tables
CREATE TABLE "author details" (
  id SERIAL PRIMARY KEY,
  name TEXT UNIQUE
);

ALTER INDEX "author details_pkey" RENAME TO author_details_pkey;
ALTER INDEX "author details_name_key" RENAME TO author_details_name_key;

CREATE TABLE article (
  id SERIAL PRIMARY KEY,
  title TEXT,
  content TEXT,
  author_id INTEGER REFERENCES "author details"(id)
);

-- insert data
INSERT INTO "author details" (name)
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
