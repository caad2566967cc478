-- An inbound e-mail's raw text is kept byte-exact: as text when its bytes are UTF-8 (without NUL),
-- otherwise (an ISO-8859-2 or other 8-bit message) as base64 of the bytes, so nothing is turned
-- into replacement characters before anyone has looked at it.
ALTER TABLE public.inbound_emails
  ADD COLUMN raw_encoding text NOT NULL DEFAULT 'utf8',
  ADD CONSTRAINT inbound_emails_raw_encoding_check CHECK (raw_encoding IN ('utf8', 'base64'));
