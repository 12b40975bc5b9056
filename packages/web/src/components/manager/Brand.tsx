/** The Coffer mark: a small strongbox drawn inline so it ships with the JS. */
export function CofferLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect x="3" y="7" width="26" height="20" rx="4" fill="currentColor" />
      <rect x="7" y="4" width="18" height="5" rx="2" fill="currentColor" opacity="0.6" />
      <circle cx="16" cy="17" r="4.5" fill="none" stroke="var(--card-bg)" strokeWidth="2" />
      <path d="M16 14.5v2.5" stroke="var(--card-bg)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function Brand() {
  return (
    <div className="manager-brand">
      <CofferLogo />
      Coffer
    </div>
  );
}
