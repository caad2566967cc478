create table author(
    id serial primary key,
    name text unique,
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
create view author_simple as
select * from author;
create view author_complex as
select a.id as author_id, b.title as article_title
from author a join article b on (a.id = b.author_id);
