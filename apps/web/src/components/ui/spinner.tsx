export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return <span className={`loading loading-spinner ${className}`} role="status" aria-label={label} />;
}
