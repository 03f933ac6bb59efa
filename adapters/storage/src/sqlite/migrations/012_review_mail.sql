-- The mail about each review of a user's store submission (approved or rejected, with
-- the reason): on unless the user turns it off in the profile.
ALTER TABLE users ADD COLUMN review_mail INTEGER NOT NULL DEFAULT 1 CHECK (review_mail IN (0, 1));
