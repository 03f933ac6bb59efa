-- 007: page-view analytics and the admin dashboard's daily counters.
-- Days are Japan-time day numbers: (unix seconds + 9 h) / 86400 (integer division;
-- every stored time is after 1970). Nothing here keeps an IP address or a User-Agent.
-- Independent of 006: it only adds tables, indexes and triggers on tables of 001–003.

-- The day's random HMAC secret (hex). Rows older than yesterday are deleted (with the
-- visitor hashes below), so a hash can no longer be tied back to an address.
CREATE TABLE analytics_secrets (
  day    INTEGER PRIMARY KEY,
  secret TEXT    NOT NULL
);

-- The distinct visitors of a day (for the unique count only; dropped with the secret).
CREATE TABLE analytics_daily_visitors (
  day          INTEGER NOT NULL,
  visitor_hash TEXT    NOT NULL,
  PRIMARY KEY (day, visitor_hash)
) WITHOUT ROWID;

-- One row a day: views, bot views, distinct visitors, distinct paths (for the cap).
CREATE TABLE analytics_daily_totals (
  day        INTEGER PRIMARY KEY,
  page_views INTEGER NOT NULL DEFAULT 0,
  bot_views  INTEGER NOT NULL DEFAULT 0,
  visitors   INTEGER NOT NULL DEFAULT 0,
  paths      INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE analytics_daily_pages (
  day       INTEGER NOT NULL,
  path      TEXT    NOT NULL,
  views     INTEGER NOT NULL DEFAULT 0,
  bot_views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, path)
) WITHOUT ROWID;

-- Views per path summed over blocks of 32 days (day / 32), kept by the triggers below, so
-- the top pages of a long range read whole blocks plus at most 62 edge days instead of
-- every day's rows (366 days × hundreds of paths).
CREATE TABLE analytics_block_pages (
  block INTEGER NOT NULL,
  path  TEXT    NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (block, path)
) WITHOUT ROWID;

CREATE TRIGGER analytics_pages_block_insert AFTER INSERT ON analytics_daily_pages WHEN NEW.views <> 0 BEGIN
  INSERT INTO analytics_block_pages (block, path, views) VALUES (NEW.day / 32, NEW.path, NEW.views)
    ON CONFLICT (block, path) DO UPDATE SET views = views + excluded.views;
END;
CREATE TRIGGER analytics_pages_block_update AFTER UPDATE OF views ON analytics_daily_pages
  WHEN NEW.views <> OLD.views BEGIN
  INSERT INTO analytics_block_pages (block, path, views) VALUES (NEW.day / 32, NEW.path, NEW.views - OLD.views)
    ON CONFLICT (block, path) DO UPDATE SET views = views + excluded.views;
END;

-- Views of a prefecture's map (the event's prefecture code).
CREATE TABLE analytics_daily_prefecture_views (
  day        INTEGER NOT NULL,
  prefecture TEXT    NOT NULL,
  views      INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, prefecture)
) WITHOUT ROWID;

-- Sign-ups, submissions, approvals, rejections per day, kept by the triggers below so
-- the dashboard reads 366 rows instead of counting the tables.
CREATE TABLE analytics_daily_counts (
  day         INTEGER PRIMARY KEY,
  signups     INTEGER NOT NULL DEFAULT 0,
  submissions INTEGER NOT NULL DEFAULT 0,
  approvals   INTEGER NOT NULL DEFAULT 0,
  rejections  INTEGER NOT NULL DEFAULT 0
);

-- Purchase reports per day and store prefecture (by created_at, when it was reported).
CREATE TABLE analytics_daily_reports (
  day        INTEGER NOT NULL,
  prefecture TEXT    NOT NULL,
  reports    INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, prefecture)
) WITHOUT ROWID;

-- Stores by type, source and status (counting a million rows per dashboard view would not be cheap).
CREATE TABLE analytics_store_counts (
  store_type TEXT    NOT NULL,
  source     TEXT    NOT NULL,
  status     TEXT    NOT NULL,
  count      INTEGER NOT NULL,
  PRIMARY KEY (store_type, source, status)
) WITHOUT ROWID;

-- Existing rows.
INSERT INTO analytics_daily_counts (day, signups)
  SELECT (created_at + 32400) / 86400, count(*) FROM users GROUP BY 1;
INSERT INTO analytics_daily_counts (day, submissions)
  SELECT (created_at + 32400) / 86400, count(*) FROM store_submissions GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET submissions = excluded.submissions;
INSERT INTO analytics_daily_counts (day, approvals)
  SELECT (reviewed_at + 32400) / 86400, count(*) FROM store_submissions
  WHERE status = 'approved' AND reviewed_at IS NOT NULL GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET approvals = excluded.approvals;
INSERT INTO analytics_daily_counts (day, rejections)
  SELECT (reviewed_at + 32400) / 86400, count(*) FROM store_submissions
  WHERE status = 'rejected' AND reviewed_at IS NOT NULL GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET rejections = excluded.rejections;
INSERT INTO analytics_daily_reports (day, prefecture, reports)
  SELECT (r.created_at + 32400) / 86400, s.prefecture, count(*)
  FROM purchase_reports AS r JOIN stores AS s ON s.id = r.store_id GROUP BY 1, 2;
INSERT INTO analytics_store_counts (store_type, source, status, count)
  SELECT store_type, source, status, count(*) FROM stores GROUP BY 1, 2, 3;

-- Keeping them.
CREATE TRIGGER analytics_signup AFTER INSERT ON users BEGIN
  INSERT INTO analytics_daily_counts (day, signups) VALUES ((NEW.created_at + 32400) / 86400, 1)
    ON CONFLICT (day) DO UPDATE SET signups = signups + 1;
END;
CREATE TRIGGER analytics_submission AFTER INSERT ON store_submissions BEGIN
  INSERT INTO analytics_daily_counts (day, submissions) VALUES ((NEW.created_at + 32400) / 86400, 1)
    ON CONFLICT (day) DO UPDATE SET submissions = submissions + 1;
END;
-- A submission written already reviewed (seeds, tests) counts its review too.
CREATE TRIGGER analytics_submission_reviewed AFTER INSERT ON store_submissions
  WHEN NEW.status IN ('approved', 'rejected') AND NEW.reviewed_at IS NOT NULL BEGIN
  INSERT INTO analytics_daily_counts (day, approvals, rejections)
    VALUES ((NEW.reviewed_at + 32400) / 86400, NEW.status = 'approved', NEW.status = 'rejected')
    ON CONFLICT (day) DO UPDATE SET approvals = approvals + excluded.approvals,
                                    rejections = rejections + excluded.rejections;
END;
-- A review: pending → approved or rejected (reviewed_at set in the same update).
CREATE TRIGGER analytics_approval AFTER UPDATE OF status ON store_submissions
  WHEN NEW.status = 'approved' AND OLD.status <> 'approved' AND NEW.reviewed_at IS NOT NULL BEGIN
  INSERT INTO analytics_daily_counts (day, approvals) VALUES ((NEW.reviewed_at + 32400) / 86400, 1)
    ON CONFLICT (day) DO UPDATE SET approvals = approvals + 1;
END;
CREATE TRIGGER analytics_rejection AFTER UPDATE OF status ON store_submissions
  WHEN NEW.status = 'rejected' AND OLD.status <> 'rejected' AND NEW.reviewed_at IS NOT NULL BEGIN
  INSERT INTO analytics_daily_counts (day, rejections) VALUES ((NEW.reviewed_at + 32400) / 86400, 1)
    ON CONFLICT (day) DO UPDATE SET rejections = rejections + 1;
END;
CREATE TRIGGER analytics_report_insert AFTER INSERT ON purchase_reports BEGIN
  INSERT INTO analytics_daily_reports (day, prefecture, reports)
    SELECT (NEW.created_at + 32400) / 86400, prefecture, 1 FROM stores WHERE id = NEW.store_id
    ON CONFLICT (day, prefecture) DO UPDATE SET reports = reports + 1;
END;
-- A deleted report (admin clean-up, a store's cascade) no longer counts.
CREATE TRIGGER analytics_report_delete AFTER DELETE ON purchase_reports BEGIN
  UPDATE analytics_daily_reports SET reports = reports - 1
    WHERE day = (OLD.created_at + 32400) / 86400
      AND prefecture = (SELECT prefecture FROM stores WHERE id = OLD.store_id);
END;
CREATE TRIGGER analytics_store_insert AFTER INSERT ON stores BEGIN
  INSERT INTO analytics_store_counts (store_type, source, status, count)
    VALUES (NEW.store_type, NEW.source, NEW.status, 1)
    ON CONFLICT (store_type, source, status) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER analytics_store_update AFTER UPDATE OF store_type, source, status ON stores
  WHEN NEW.store_type <> OLD.store_type OR NEW.source <> OLD.source OR NEW.status <> OLD.status BEGIN
  UPDATE analytics_store_counts SET count = count - 1
    WHERE store_type = OLD.store_type AND source = OLD.source AND status = OLD.status;
  INSERT INTO analytics_store_counts (store_type, source, status, count)
    VALUES (NEW.store_type, NEW.source, NEW.status, 1)
    ON CONFLICT (store_type, source, status) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER analytics_store_delete AFTER DELETE ON stores BEGIN
  UPDATE analytics_store_counts SET count = count - 1
    WHERE store_type = OLD.store_type AND source = OLD.source AND status = OLD.status;
END;
