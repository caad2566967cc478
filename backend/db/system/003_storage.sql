-- The storage schema hasura-storage owns (reference 3).
CREATE SCHEMA IF NOT EXISTS storage;

CREATE OR REPLACE FUNCTION storage.set_current_timestamp_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at = now();
  RETURN NEW;
END;
$$;

CREATE TABLE storage.buckets (
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  download_expiration int NOT NULL DEFAULT 30 CHECK (download_expiration >= 1 AND download_expiration <= 604800),
  min_upload_file_size int NOT NULL DEFAULT 1,
  max_upload_file_size int NOT NULL DEFAULT 50000000,
  cache_control text DEFAULT 'max-age=3600',
  presigned_urls_enabled boolean NOT NULL DEFAULT true
);
CREATE TRIGGER set_storage_buckets_updated_at BEFORE UPDATE ON storage.buckets
  FOR EACH ROW EXECUTE FUNCTION storage.set_current_timestamp_updated_at();
INSERT INTO storage.buckets (id) VALUES ('default');

CREATE OR REPLACE FUNCTION storage.protect_default_bucket_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.id = 'default' THEN
    RAISE EXCEPTION 'Can not delete default bucket';
  END IF;
  RETURN OLD;
END;
$$;
CREATE TRIGGER check_default_bucket_delete BEFORE DELETE ON storage.buckets
  FOR EACH ROW EXECUTE FUNCTION storage.protect_default_bucket_delete();

CREATE OR REPLACE FUNCTION storage.protect_default_bucket_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.id = 'default' AND NEW.id <> 'default' THEN
    RAISE EXCEPTION 'Can not rename default bucket';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER check_default_bucket_update BEFORE UPDATE ON storage.buckets
  FOR EACH ROW EXECUTE FUNCTION storage.protect_default_bucket_update();

CREATE TABLE storage.files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  bucket_id text NOT NULL DEFAULT 'default' REFERENCES storage.buckets (id) ON UPDATE CASCADE ON DELETE CASCADE,
  name text,
  size int,
  mime_type text,
  etag text,
  is_uploaded boolean DEFAULT false,
  uploaded_by_user_id uuid,
  metadata jsonb
);
CREATE TRIGGER set_storage_files_updated_at BEFORE UPDATE ON storage.files
  FOR EACH ROW EXECUTE FUNCTION storage.set_current_timestamp_updated_at();

CREATE TABLE storage.virus (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  file_id uuid NOT NULL REFERENCES storage.files (id),
  filename text NOT NULL,
  virus text NOT NULL,
  user_session jsonb NOT NULL
);
