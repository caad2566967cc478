-- The storage fixture needs no tables of its own: storage.* comes with the backend.
SELECT 1;
