-- 021: the stores by their last report, for the clusters' "reported within" filter. A 24 h
-- view of all Japan then reads the stores reported since (about 65,000 of 1,000,000 demo
-- stores) instead of every store in the box through the point index; the repository sends
-- that read unprepared so that PostgreSQL plans it for the cut-off given.
CREATE INDEX stores_by_last_report ON stores (last_report_at) WHERE last_report_at IS NOT NULL;
