-- 016: confirmations of purchase reports (docs/decisions/confirmations-and-trust.md).
-- One answer per account and report, replaced when the account changes it. kind is the
-- fact the answer states ('bought' = まだ買えた, 'sold_out' = 売り切れだった), so a store's
-- latest state reads reports and answers alike. A withdrawn account's answers stay, without
-- the account (user_id NULL): the counts do not change when someone leaves.
CREATE TABLE report_confirmations (
  id          INTEGER PRIMARY KEY,
  report_id   INTEGER NOT NULL REFERENCES purchase_reports (id) ON DELETE CASCADE,
  user_id     INTEGER REFERENCES users (id),
  kind        TEXT    NOT NULL CHECK (kind IN ('bought', 'sold_out')),
  answered_at INTEGER NOT NULL,
  UNIQUE (report_id, user_id)
);
CREATE INDEX report_confirmations_by_user ON report_confirmations (user_id, answered_at) WHERE user_id IS NOT NULL;
CREATE INDEX purchase_reports_by_reporter ON purchase_reports (user_id, purchased_at) WHERE user_id IS NOT NULL;
