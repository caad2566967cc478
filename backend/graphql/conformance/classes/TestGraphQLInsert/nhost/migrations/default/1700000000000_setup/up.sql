SET TIME ZONE 'UTC';
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
CREATE TABLE person (
  id SERIAL PRIMARY KEY,
  details JSONB NOT NULL
);
CREATE VIEW person_const_view AS select * from person LIMIT 600;
CREATE VIEW person_mut_view AS select * from person;
CREATE TABLE orders (
  id SERIAL PRIMARY KEY,
  placed TIMESTAMPTZ NOT NULL,
  shipped TIMESTAMPTZ
);
CREATE TYPE complex AS (
    r       double precision,
    i       double precision
);
CREATE TYPE inventory_item AS (
    name            text,
    supplier_id     integer,
    price           numeric
);
create table test_types (
    c1_smallint smallint,
    c2_integer integer,
    c3_bigint bigint,
    c4_decimal decimal (5, 2),
    c5_numeric numeric (4, 3),
    c6_real real,
    c7_double_precision double precision,
    c8_smallserial smallserial primary key,
    c9_serial serial,
    c10_bigserial bigserial,
    c11_varchar_3 varchar(3),
    c12_char_4 char(4),
    c13_text text,
    c14_timestamp timestamp,
    c15_timestamptz timestamptz,
    c16_date date,
    c17_time time,
    c18_time_with_zone time with time zone,
    c19_interval interval,
    c20_boolean boolean,
    c21_point point,
    c22_line line,
    c23_lseg lseg,
    c24_box box,
    c25_closed_path path,
    c26_open_path path,
    c27_polygon  polygon,
    c28_circle circle,
    c29_cidr cidr,
    c30_inet inet,
    c31_macaddr macaddr,
    c32_json json,
    c33_jsonb jsonb,
    c34_text_array text[],
    c35_integer_2d_array integer[][],
    c36_uuid uuid,
    c37_composite_type_complex complex,
    c38_composite_type_inventory inventory_item,
    c39_range_integer int4range,
    c40_range_bigint int8range,
    c41_range_numeric numrange,
    c42_range_timestamp tsrange,
    c43_range_timestamptz tstzrange,
    c44_xml xml,
    c45_char char
);
