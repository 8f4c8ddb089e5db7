import { useId } from 'react';
import { useDemoTheme } from './demo-theme-context';

/**
 * Placeholder pictures drawn in the client's colours: no photo ships with the app, and nothing loads from another host.
 * `variant` changes the composition so that a gallery does not repeat itself.
 */
export function DemoArtwork({
  variant = 0,
  label,
  className,
}: {
  variant?: number;
  /** When given, the picture is announced with this description; otherwise it is decorative. */
  label?: string;
  className?: string;
}) {
  const id = useId();
  const { dark } = useDemoTheme();
  const kind = variant % 4;
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice" className={className} {...a11y}>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2={kind % 2 ? '1' : '0'} y2="1">
          <stop
            offset="0"
            style={{ stopColor: 'var(--demo-primary)' }}
            stopOpacity={kind === 2 ? 0.9 : 0.35}
          />
          <stop
            offset="1"
            style={{ stopColor: 'var(--demo-secondary)' }}
            stopOpacity={kind === 2 ? 0.7 : 0.25}
          />
        </linearGradient>
      </defs>
      <rect width="400" height="300" fill={dark ? '#1e293b' : '#f8fafc'} />
      <rect width="400" height="300" fill={`url(#${id}-sky)`} />
      {kind === 0 && (
        <>
          <circle cx="300" cy="90" r="42" style={{ fill: 'var(--demo-secondary)' }} opacity="0.85" />
          <path
            d="M0 230 L110 120 L200 210 L270 150 L400 250 L400 300 L0 300Z"
            style={{ fill: 'var(--demo-primary)' }}
            opacity="0.8"
          />
          <path
            d="M0 260 L140 190 L260 250 L400 210 L400 300 L0 300Z"
            style={{ fill: 'var(--demo-primary)' }}
          />
        </>
      )}
      {kind === 1 && (
        <>
          <rect
            x="60"
            y="60"
            width="150"
            height="190"
            rx="18"
            style={{ fill: 'var(--demo-primary)' }}
            opacity="0.85"
          />
          <circle cx="270" cy="170" r="80" style={{ fill: 'var(--demo-secondary)' }} opacity="0.8" />
          <rect x="230" y="50" width="110" height="40" rx="20" fill="#ffffff" opacity="0.6" />
        </>
      )}
      {kind === 2 && (
        <>
          <circle cx="130" cy="150" r="90" fill="#ffffff" opacity="0.25" />
          <circle cx="250" cy="120" r="60" fill="#ffffff" opacity="0.35" />
          <path d="M40 260 Q200 170 360 260" stroke="#ffffff" strokeWidth="10" fill="none" opacity="0.7" />
        </>
      )}
      {kind === 3 && (
        <>
          <rect
            x="40"
            y="170"
            width="320"
            height="90"
            rx="14"
            style={{ fill: 'var(--demo-secondary)' }}
            opacity="0.8"
          />
          <rect x="80" y="70" width="90" height="120" rx="45" style={{ fill: 'var(--demo-primary)' }} />
          <rect
            x="200"
            y="40"
            width="120"
            height="150"
            rx="12"
            style={{ fill: 'var(--demo-primary)' }}
            opacity="0.6"
          />
        </>
      )}
    </svg>
  );
}

/** A product packshot placeholder: a tin in the client's colours. */
export function ProductArtwork({ variant, label }: { variant: number; label: string }) {
  const tones = ['var(--demo-primary)', 'var(--demo-secondary)'];
  const body = tones[variant % 2];
  const lid = tones[(variant + 1) % 2];
  return (
    <svg viewBox="0 0 200 200" role="img" aria-label={label} className="h-full w-full">
      <rect width="200" height="200" fill="currentColor" opacity="0.06" />
      <ellipse cx="100" cy="170" rx="55" ry="8" fill="#000" opacity="0.12" />
      <rect x="55" y="60" width="90" height="110" rx="10" style={{ fill: body }} />
      <rect x="50" y="45" width="100" height="24" rx="6" style={{ fill: lid }} />
      <rect x="70" y="95" width="60" height="40" rx="4" fill="#ffffff" opacity="0.85" />
      <circle cx="100" cy="115" r={8 + (variant % 3) * 3} style={{ fill: lid }} opacity="0.8" />
    </svg>
  );
}

/** A simplified street map with a pin, standing in for the embedded map. */
export function MapArtwork({ label }: { label: string }) {
  return (
    <svg
      viewBox="0 0 400 260"
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-label={label}
      className="h-full w-full"
    >
      <rect width="400" height="260" fill="#e2e8f0" />
      <path d="M0 80 H400 M0 190 H400 M120 0 V260 M290 0 V260" stroke="#ffffff" strokeWidth="14" />
      <path d="M0 140 L400 40 M40 260 L220 0" stroke="#ffffff" strokeWidth="7" />
      <rect x="140" y="98" width="130" height="74" rx="6" fill="#cbd5e1" />
      <rect
        x="20"
        y="100"
        width="80"
        height="70"
        rx="6"
        style={{ fill: 'var(--demo-secondary)' }}
        opacity="0.35"
      />
      <path
        d="M205 60c-17 0-30 13-30 30 0 22 30 52 30 52s30-30 30-52c0-17-13-30-30-30Z"
        style={{ fill: 'var(--demo-primary)' }}
      />
      <circle cx="205" cy="90" r="11" fill="#ffffff" />
    </svg>
  );
}
