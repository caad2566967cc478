create domain geography as text;
create table author(
    id       SERIAL PRIMARY KEY,
    name     TEXT UNIQUE,
    location geography
);
create table article(
    id       SERIAL PRIMARY KEY,
    body     JSONB
);
create table misgivings(
    i INTEGER,
    f REAL
);
insert into misgivings values (43, 102);
