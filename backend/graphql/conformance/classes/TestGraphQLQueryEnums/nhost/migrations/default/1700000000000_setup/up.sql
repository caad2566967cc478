CREATE TABLE colors
  ( value text PRIMARY KEY
  , comment text );
INSERT INTO colors (value, comment) VALUES
  ('red',    '#FF0000'),
  ('green',  '#00FF00'),
  ('blue',   '#0000FF'),
  ('orange', '#FFFF00'),
  ('yellow', '#00FFFF'),
  ('purple', '#FF00FF');

CREATE TABLE users
  ( id serial PRIMARY KEY
  , name text NOT NULL
  , favorite_color text NOT NULL REFERENCES colors );
INSERT INTO users (name, favorite_color) VALUES
  ('Alyssa', 'red'),
  ('Ben', 'blue');

CREATE TABLE country
  ( value text PRIMARY KEY
  , comment text);
INSERT INTO country (value, comment) VALUES
  ('India', 'Republic of India'),
  ('USA',   'United States of America');

CREATE TABLE zones
  ( id SERIAL
  , code text NOT NULL
  , country text NOT NULL REFERENCES country
  , PRIMARY KEY (code, country) );
INSERT INTO zones (code, country) VALUES
  ('67432',   'USA'),
  ('600036',  'India');
