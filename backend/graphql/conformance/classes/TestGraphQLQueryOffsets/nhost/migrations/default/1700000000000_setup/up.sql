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
insert into author (name)
values
('Author 1'),
('Author 2');
insert into article (title,content,author_id)
values
(
  'Article 1',
  'Sample article content 1',
  1
),
(
  'Article 2',
  'Sample article content 2',
  1
),
(
  'Article 3',
  'Sample article content 3',
  2
);
