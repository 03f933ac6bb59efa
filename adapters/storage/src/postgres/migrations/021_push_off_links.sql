-- 021: a queued push keeps the signed path that stops its alert (the off link its mail
-- carries), sent in the payload for the notification's 通知をオフ action. Rows queued before
-- have none: their action opens the notification settings, as it did.
ALTER TABLE push_queue ADD COLUMN off_url text NOT NULL DEFAULT '';
