import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import styles from './RichText.module.css';

/**
 * HTML rendered and sanitised at build time from the repo's Markdown (content/), never
 * from user input. Links inside the site stay in the app instead of reloading the page.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    // Same-site pages only: /api/… downloads and #anchors keep the browser's behaviour.
    if (!href || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/api/')) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // Clicks bubble from the links inside; the links themselves stay keyboard-focusable.
    <div className={`${styles.prose} ${className ?? ''}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
