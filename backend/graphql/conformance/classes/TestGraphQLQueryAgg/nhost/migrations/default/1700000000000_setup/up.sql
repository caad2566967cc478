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
  read_time NUMERIC,
  published_on TIMESTAMP NOT NULL DEFAULT NOW()
);
insert into author (name)
values
('Author 1'),
('Author 2');
insert into article (title,content,author_id,is_published,read_time,published_on)
values
(
  'Article 1',
  'Sample article content 1',
  1,
  false,
  1.5,
  '1999-01-08 04:05:06'
),
(
  'Article 2',
  'Sample article content 2',
  1,
  true,
  3.3,
  '1999-01-08 04:05:07'
),
(
  'Article 3',
  'Sample article content 3',
  2,
  true,
  7.8,
  '1999-01-09 04:05:06'
);
