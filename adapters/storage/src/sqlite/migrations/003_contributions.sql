-- 003: contributions: store submissions with their photos and the points
-- their approval awards. The ranking is a sum over approved submissions, so there is
-- no separate points ledger to drift. Times are Unix seconds (UTC).

CREATE TABLE store_submissions (
  id                 INTEGER PRIMARY KEY,
  user_id            INTEGER NOT NULL REFERENCES users (id), -- withdrawn accounts stay, anonymised
  store_name         TEXT    NOT NULL,
  comment            TEXT    NOT NULL DEFAULT '',
  address            TEXT    NOT NULL DEFAULT '',
  location_method    TEXT    NOT NULL CHECK (location_method IN ('gps', 'address')),
  lat                REAL    NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng                REAL    NOT NULL CHECK (lng BETWEEN -180 AND 180),
  location_precision TEXT    NOT NULL CHECK (location_precision IN ('exact', 'municipality', 'prefecture')),
  prefecture         TEXT    NOT NULL,                      -- code
  city               TEXT    NOT NULL DEFAULT '',
  status             TEXT    NOT NULL DEFAULT 'pending'
                             CHECK (status IN ('pending', 'approved', 'rejected')),
  store_id           INTEGER REFERENCES stores (id) ON DELETE SET NULL,  -- created or merged into
  reject_reason      TEXT    NOT NULL DEFAULT '',
  reviewed_by        INTEGER REFERENCES users (id),
  reviewed_at        INTEGER,
  points_awarded     INTEGER NOT NULL DEFAULT 0 CHECK (points_awarded >= 0),
  created_at         INTEGER NOT NULL
);

-- The moderation queue (pending oldest first; the others by review time).
CREATE INDEX store_submissions_by_status ON store_submissions (status, reviewed_at, id);
-- A user's own submissions (my stats).
CREATE INDEX store_submissions_by_user ON store_submissions (user_id, id);
-- The ranking: approved submissions by approval time (this month / all time).
CREATE INDEX store_submissions_approved
  ON store_submissions (reviewed_at, user_id, points_awarded) WHERE status = 'approved';
-- A store's photos come from the submissions linked to it.
CREATE INDEX store_submissions_by_store ON store_submissions (store_id) WHERE store_id IS NOT NULL;

-- Up to three photos per submission, in upload order. The files live in the data
-- directory under their content hash (SHA-256 of the re-encoded JPEG).
CREATE TABLE submission_photos (
  submission_id INTEGER NOT NULL REFERENCES store_submissions (id) ON DELETE CASCADE,
  position      INTEGER NOT NULL CHECK (position BETWEEN 0 AND 2),
  photo_hash    TEXT    NOT NULL CHECK (length(photo_hash) = 64),
  thumb_hash    TEXT    NOT NULL CHECK (length(thumb_hash) = 64),
  width         INTEGER NOT NULL,
  height        INTEGER NOT NULL,
  PRIMARY KEY (submission_id, position)
) WITHOUT ROWID;
