-- One purchase report as it moves its store: SERIALIZABLE, a random demo store moved between
-- this hour and the last, so each one changes the "reported within" sums
-- (bench/recent_sums_contention.sh).
\set id random(1, 12000)
BEGIN ISOLATION LEVEL SERIALIZABLE;
UPDATE stores SET last_report_at = CASE WHEN last_report_at / 3600 = floor(extract(epoch FROM now()))::bigint / 3600 THEN floor(extract(epoch FROM now()))::bigint - 3600 ELSE floor(extract(epoch FROM now()))::bigint END, last_report_kind = 'bought', last_pack_kind = 'bought' WHERE id = :id;
COMMIT;
