-- 015: lottery entries (抽選情報, docs/decisions/lottery-entries.md).
-- Times are Unix seconds (UTC). methods and conditions are bit sets (core's LotteryMethod
-- and LotteryCondition). product_id names a catalogue product; without one, product_name
-- is the author's free text (その他). An entry's points_awarded count in the ranking from
-- its approval on (like a store submission's), also after an admin hides it.
CREATE TABLE lotteries (
  id             INTEGER PRIMARY KEY,
  store_id       INTEGER NOT NULL REFERENCES stores (id),
  product_id     INTEGER REFERENCES products (id),
  product_name   TEXT    NOT NULL,
  methods        INTEGER NOT NULL CHECK (methods BETWEEN 1 AND 15),
  apply_start    INTEGER NOT NULL,
  apply_end      INTEGER NOT NULL CHECK (apply_end > apply_start),
  result_at      INTEGER,
  purchase_start INTEGER,
  purchase_end   INTEGER,
  conditions     INTEGER NOT NULL DEFAULT 0 CHECK (conditions BETWEEN 0 AND 63),
  condition_note TEXT    NOT NULL DEFAULT '',
  source_url     TEXT    NOT NULL DEFAULT '',
  status         TEXT    NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'hidden')),
  author_id      INTEGER REFERENCES users (id),          -- NULL: the demo dataset's
  points_awarded INTEGER NOT NULL DEFAULT 0,
  reject_reason  TEXT    NOT NULL DEFAULT '',
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  reviewed_at    INTEGER
);
-- The public list: approved entries whose window has not ended, soonest deadline first.
CREATE INDEX lotteries_open_by_end ON lotteries (apply_end, id) WHERE status = 'approved';
-- The duplicate check: a store's entries.
CREATE INDEX lotteries_by_store ON lotteries (store_id, apply_end);
-- The daily quota and an author's approved count.
CREATE INDEX lotteries_by_author ON lotteries (author_id, created_at);
-- The ranking: entries that were awarded points, by approval time (as store_submissions').
CREATE INDEX lotteries_awarded_by_review ON lotteries (reviewed_at) WHERE points_awarded > 0;
-- The review queue: a status, newest first.
CREATE INDEX lotteries_by_status ON lotteries (status, id);
