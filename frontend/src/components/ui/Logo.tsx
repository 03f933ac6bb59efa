/** The site mark: a map pin holding a card. Decorative unless a label is given. */
export function Logo({ size = 32, label }: { size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d="M16 2C9.9 2 5 6.8 5 12.8 5 21 16 30 16 30s11-9 11-17.2C27 6.8 22.1 2 16 2z" fill="#d42a3c" />
      <rect x="11" y="6.5" width="10" height="13" rx="1.6" fill="#fff" />
      <rect x="12.6" y="8.2" width="6.8" height="5.2" rx="0.8" fill="#ffcb05" />
      <rect x="12.6" y="14.6" width="6.8" height="1.3" rx="0.6" fill="#d42a3c" opacity="0.7" />
      <rect x="12.6" y="16.8" width="4.6" height="1.3" rx="0.6" fill="#d42a3c" opacity="0.5" />
    </svg>
  );
}
