create table author(
    id serial primary key, 
    name text unique
);
CREATE TABLE article (
  id SERIAL PRIMARY KEY,
  title TEXT,
  content TEXT,
  author_id INTEGER NOT NULL REFERENCES author(id),
  is_published BOOLEAN NOT NULL default FALSE,
  published_on TIMESTAMP
);
