import { useId } from 'react';
import type { AdminSubmission } from '../types/submission';
import { PendingCard } from './PendingCard';
import { ReviewedCard } from './ReviewedCard';
import styles from './admin.module.css';

/** One submission of the queue: pending ones can be reviewed, the others are shown as decided. */
export function SubmissionCard({ submission, onReviewed }: { submission: AdminSubmission; onReviewed: () => void }) {
  const headingId = useId();
  const pending = submission.status === 'pending';
  return (
    <article
      className={pending ? styles.cardPending : styles.card}
      aria-labelledby={headingId}
      data-testid="submission-card"
      data-submission-id={submission.id}
    >
      {pending ? (
        <PendingCard submission={submission} headingId={headingId} onReviewed={onReviewed} />
      ) : (
        <ReviewedCard submission={submission} headingId={headingId} />
      )}
    </article>
  );
}
