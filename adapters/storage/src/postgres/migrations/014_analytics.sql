-- 014: page-view analytics and the admin dashboard's daily counters (SQLite's 007, with its
-- table and column names: migrate-data copies the tables by name). Days are Japan-time day
-- numbers: (unix seconds + 9 h) / 86400 (integer division; every stored time is after 1970).
-- Nothing here keeps an IP address or a User-Agent.
--
-- The change signal: the page-view tables (secrets, visitors, totals, pages, blocks,
-- prefecture views) get no pokeca_row_changed trigger. No cached answer reads them, and a
-- notification per page view would empty the public response cache on every view (SQLite
-- commits them quietly for the same reason). The counters the triggers keep get it: they
-- move only with a row of users, store_submissions, purchase_reports or stores, which
-- notify anyway.

-- The day's random HMAC secret (hex). Rows older than yesterday are deleted (with the
-- visitor hashes below), so a hash can no longer be tied back to an address.
CREATE TABLE analytics_secrets (
  day    bigint PRIMARY KEY,
  secret text   NOT NULL
);

-- The distinct visitors of a day (for the unique count only; dropped with the secret).
CREATE TABLE analytics_daily_visitors (
  day          bigint NOT NULL,
  visitor_hash text   NOT NULL,
  PRIMARY KEY (day, visitor_hash)
);

-- One row a day: views, bot views, distinct visitors, distinct paths (for the cap). A page
-- view locks its day's row first, so the path cap holds with several servers recording.
CREATE TABLE analytics_daily_totals (
  day        bigint PRIMARY KEY,
  page_views bigint NOT NULL DEFAULT 0,
  bot_views  bigint NOT NULL DEFAULT 0,
  visitors   bigint NOT NULL DEFAULT 0,
  paths      bigint NOT NULL DEFAULT 0
);

CREATE TABLE analytics_daily_pages (
  day       bigint NOT NULL,
  path      text   NOT NULL,
  views     bigint NOT NULL DEFAULT 0,
  bot_views bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, path)
);

-- Views per path summed over blocks of 32 days (day / 32), so the top pages of a long range
-- read whole blocks plus at most 62 edge days instead of every day's rows. Only a page
-- view writes analytics_daily_pages, and PgAnalyticsRepository::record adds the same views
-- here in its transaction (SQLite keeps it with triggers).
CREATE TABLE analytics_block_pages (
  block bigint NOT NULL,
  path  text   NOT NULL,
  views bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (block, path)
);

-- Views of a prefecture's map (the event's prefecture code).
CREATE TABLE analytics_daily_prefecture_views (
  day        bigint NOT NULL,
  prefecture text   NOT NULL,
  views      bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, prefecture)
);

-- Sign-ups, submissions, approvals, rejections per day, kept by the triggers below so the
-- dashboard reads 366 rows instead of counting the tables.
CREATE TABLE analytics_daily_counts (
  day         bigint PRIMARY KEY,
  signups     bigint NOT NULL DEFAULT 0,
  submissions bigint NOT NULL DEFAULT 0,
  approvals   bigint NOT NULL DEFAULT 0,
  rejections  bigint NOT NULL DEFAULT 0
);

-- Purchase reports per day and store prefecture (by created_at, when it was reported).
CREATE TABLE analytics_daily_reports (
  day        bigint NOT NULL,
  prefecture text   NOT NULL,
  reports    bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, prefecture)
);

-- Stores by type, source and status (counting a million rows per dashboard view would not
-- be cheap).
CREATE TABLE analytics_store_counts (
  store_type text   NOT NULL,
  source     text   NOT NULL,
  status     text   NOT NULL,
  count      bigint NOT NULL,
  PRIMARY KEY (store_type, source, status)
);

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

-- Keeping them. Two writers bumping the same counter row in SERIALIZABLE transactions
-- collide, and in_transaction runs one of them again.
CREATE FUNCTION analytics_signup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily_counts (day, signups) VALUES ((NEW.created_at + 32400) / 86400, 1)
    ON CONFLICT (day) DO UPDATE SET signups = analytics_daily_counts.signups + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER analytics_signup AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION analytics_signup();

-- A submission counts on its day; one written already reviewed (seeds, tests) counts its
-- review too.
CREATE FUNCTION analytics_submission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily_counts (day, submissions) VALUES ((NEW.created_at + 32400) / 86400, 1)
    ON CONFLICT (day) DO UPDATE SET submissions = analytics_daily_counts.submissions + 1;
  IF NEW.status IN ('approved', 'rejected') AND NEW.reviewed_at IS NOT NULL THEN
    INSERT INTO analytics_daily_counts (day, approvals, rejections)
      VALUES ((NEW.reviewed_at + 32400) / 86400, (NEW.status = 'approved')::int, (NEW.status = 'rejected')::int)
      ON CONFLICT (day) DO UPDATE SET approvals = analytics_daily_counts.approvals + excluded.approvals,
                                      rejections = analytics_daily_counts.rejections + excluded.rejections;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER analytics_submission AFTER INSERT ON store_submissions
  FOR EACH ROW EXECUTE FUNCTION analytics_submission();

-- A review: pending → approved or rejected (reviewed_at set in the same update).
CREATE FUNCTION analytics_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily_counts (day, approvals, rejections)
    VALUES ((NEW.reviewed_at + 32400) / 86400, (NEW.status = 'approved')::int, (NEW.status = 'rejected')::int)
    ON CONFLICT (day) DO UPDATE SET approvals = analytics_daily_counts.approvals + excluded.approvals,
                                    rejections = analytics_daily_counts.rejections + excluded.rejections;
  RETURN NULL;
END
$$;
CREATE TRIGGER analytics_review AFTER UPDATE OF status ON store_submissions
  FOR EACH ROW WHEN (NEW.status IN ('approved', 'rejected') AND OLD.status <> NEW.status
                     AND NEW.reviewed_at IS NOT NULL)
  EXECUTE FUNCTION analytics_review();

CREATE FUNCTION analytics_report_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily_reports (day, prefecture, reports)
    SELECT (NEW.created_at + 32400) / 86400, prefecture, 1 FROM stores WHERE id = NEW.store_id
    ON CONFLICT (day, prefecture) DO UPDATE SET reports = analytics_daily_reports.reports + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER analytics_report_insert AFTER INSERT ON purchase_reports
  FOR EACH ROW EXECUTE FUNCTION analytics_report_insert();

-- A deleted report (admin clean-up) no longer counts. As on SQLite, the prefecture is
-- looked up on the store: the admin console deletes only stores without reports, and the
-- cascade of a store deleted by hand runs after the store row is gone (no decrement).
CREATE FUNCTION analytics_report_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_daily_reports SET reports = reports - 1
    WHERE day = (OLD.created_at + 32400) / 86400
      AND prefecture = (SELECT prefecture FROM stores WHERE id = OLD.store_id);
  RETURN NULL;
END
$$;
CREATE TRIGGER analytics_report_delete AFTER DELETE ON purchase_reports
  FOR EACH ROW EXECUTE FUNCTION analytics_report_delete();

CREATE FUNCTION analytics_store_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE analytics_store_counts SET count = count - 1
      WHERE store_type = OLD.store_type AND source = OLD.source AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO analytics_store_counts (store_type, source, status, count)
      VALUES (NEW.store_type, NEW.source, NEW.status, 1)
      ON CONFLICT (store_type, source, status) DO UPDATE SET count = analytics_store_counts.count + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER analytics_store_insert AFTER INSERT ON stores
  FOR EACH ROW EXECUTE FUNCTION analytics_store_counts();
CREATE TRIGGER analytics_store_update AFTER UPDATE OF store_type, source, status ON stores
  FOR EACH ROW WHEN (NEW.store_type <> OLD.store_type OR NEW.source <> OLD.source OR NEW.status <> OLD.status)
  EXECUTE FUNCTION analytics_store_counts();
CREATE TRIGGER analytics_store_delete AFTER DELETE ON stores
  FOR EACH ROW EXECUTE FUNCTION analytics_store_counts();

-- The change signal for the counters (see the top).
CREATE TRIGGER analytics_daily_counts_changed AFTER INSERT OR UPDATE OR DELETE ON analytics_daily_counts
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
CREATE TRIGGER analytics_daily_reports_changed AFTER INSERT OR UPDATE OR DELETE ON analytics_daily_reports
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
CREATE TRIGGER analytics_store_counts_changed AFTER INSERT OR UPDATE OR DELETE ON analytics_store_counts
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
