/** The store's mark (the shop's logo), drawn inline. */
export function Mark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#f5a623" />
      <path d="M18 22h28l-3 20H21z" fill="#08304f" />
      <circle cx="25" cy="48" r="4" fill="#fff" />
      <circle cx="40" cy="48" r="4" fill="#fff" />
    </svg>
  );
}
