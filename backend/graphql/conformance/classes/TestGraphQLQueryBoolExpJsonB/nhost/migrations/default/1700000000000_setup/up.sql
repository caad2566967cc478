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
  published_on TIMESTAMP,
  tags JSONB
);
CREATE TABLE product (
  id          SERIAL  PRIMARY KEY,
  name        TEXT    NOT NULL,
  category    TEXT    NOT NULL,
  spec        JSONB   NOT NULL
);
insert into author (name)
values
('Author 1'),
('Author 2');

INSERT INTO "public"."article" ("title", "content", "author_id") VALUES ('Article 1', 'Sample article content 1', 1);

INSERT INTO "public"."article" ("title", "content", "author_id", "tags") VALUES ('Article 2', 'Sample article content 2', 1, '["bestseller","latest"]');

INSERT INTO "public"."article" ("title", "content", "author_id", "tags") VALUES ('Article 3', 'Sample article content 3', 2, '["latest"]');

INSERT INTO "public"."product" ("category", "name", "spec") VALUES ('Laptop', 'laptop1', '{"Operating System":"os1","RAM":"8GB","Disk":"128GB","Weight":"1.2Kg","Processor":"processor1"}');

INSERT INTO "public"."product" ("category", "name", "spec") VALUES ('Laptop', 'laptop2', '{"OS":"os2","RAM":"16GB","Disk":"128GB","Weight":"1.2Kg","Processor":"processor2","Touchscreen":true}');

INSERT INTO "public"."product" ("category", "name", "spec") VALUES ('Mobile', 'mobile1', '{"Operating System Type":"osType1","RAM":"3GB","Weight":"200g","Processor":"processor2","Network type":"4G","SIM type":"DualSim","Sensors":"Accelerometer sensor, E-compass, Proximity sensor","Touchscreen":true}');

INSERT INTO "public"."product" ("category", "name", "spec") VALUES ('Electric kettle', 'kettle1', '{"power":"1500W","capacity":"1.5L","dimensions":{"width":"20cm","height":"19cm","depth":"18cm"}}');
