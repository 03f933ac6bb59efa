-- 009: the photos of store submissions (SQLite's submission_photos) and the photo bytes
-- themselves. On SQLite the re-encoded JPEGs are files in the data directory; here they
-- are rows, so that every server of one database serves every photo.
--  * photos: content-addressed (the SHA-256 of the bytes as 64 lower-case hex), written
--    once and never changed, so a name keeps its meaning (cached for a year); a photo and
--    its thumbnail are two rows;
--  * submission_photos names hashes without a foreign key to photos: the repository and
--    the photo store are two ports, and a submission's row is written after its bytes
--    (as on SQLite, where a file's name is not checked either).

CREATE TABLE photos (
  hash       text    PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
  jpeg       bytea   NOT NULL,
  created_at bigint  NOT NULL DEFAULT (extract(epoch FROM now())::bigint)
);
-- The bytes are already compressed (JPEG): no point in PostgreSQL compressing them again.
ALTER TABLE photos ALTER COLUMN jpeg SET STORAGE EXTERNAL;

-- Up to three photos per submission, in upload order.
CREATE TABLE submission_photos (
  submission_id bigint  NOT NULL REFERENCES store_submissions (id) ON DELETE CASCADE,
  position      integer NOT NULL CHECK (position BETWEEN 0 AND 2),
  photo_hash    text    NOT NULL CHECK (char_length(photo_hash) = 64),
  thumb_hash    text    NOT NULL CHECK (char_length(thumb_hash) = 64),
  width         integer NOT NULL,
  height        integer NOT NULL,
  PRIMARY KEY (submission_id, position)
);
-- Whether any submission still uses a hash (photo_in_use, before a photo is deleted).
CREATE INDEX submission_photos_by_photo ON submission_photos (photo_hash);
CREATE INDEX submission_photos_by_thumb ON submission_photos (thumb_hash);

CREATE TRIGGER submission_photos_changed AFTER INSERT OR UPDATE OR DELETE ON submission_photos
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
