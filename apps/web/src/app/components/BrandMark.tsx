interface BrandMarkProps {
  name: string;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
  size?: number;
}

/** The product's mark and name; the name is the tenant's product name from the app configuration. */
export function BrandMark({ name, inverted = false, size = 32 }: BrandMarkProps) {
  return (
    <span className={`brand-mark${inverted ? ' brand-mark--inverted' : ''}`}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={inverted ? '#ffffff' : '#1346b8'} />
        <path d="M18 46V18h6l16 19V18h6v28h-6L24 27v19z" fill={inverted ? '#1346b8' : '#ffffff'} />
      </svg>
      <span className="brand-mark__name" style={{ fontSize: Math.round(size * 0.62) }}>
        {name}
      </span>
    </span>
  );
}
