import { fontLabels } from '@coseso/domain/orders/wizard';
import { useId } from 'react';
import { type WizardValues } from '../utils/wizard-values';

interface StylePreviewProps {
  style: WizardValues['selectedStyle'];
  primary: string;
  secondary: string;
  font: WizardValues['fontFamily'];
  siteName: string;
  className?: string;
}

const palettes = {
  colorful: {
    page: '#ffffff',
    header: 'primary',
    headerText: '#ffffff',
    text: '#ffffff',
    muted: '#ffffffb3',
    card: '#f8fafc',
    cardLine: '#cbd5e1',
    border: 'transparent',
  },
  white: {
    page: '#ffffff',
    header: '#ffffff',
    headerText: '#0f172a',
    text: '#0f172a',
    muted: '#94a3b8',
    card: '#ffffff',
    cardLine: '#e2e8f0',
    border: '#e2e8f0',
  },
  dark: {
    page: '#0b1120',
    header: '#111827',
    headerText: '#f8fafc',
    text: '#f8fafc',
    muted: '#64748b',
    card: '#1e293b',
    cardLine: '#334155',
    border: '#1e293b',
  },
} as const;

/** A small drawing of a home page in this style, with the visitor's colours, font and name. */
export function StylePreview({ style, primary, secondary, font, siteName, className }: StylePreviewProps) {
  const gradientId = `preview-${useId().replace(/[^\w-]/g, '')}`;
  const palette = palettes[style];
  const fontFamily = fontLabels[font].stack;
  const name = siteName.trim() || 'Votre entreprise';
  const shortName = name.length > 22 ? `${name.slice(0, 21)}…` : name;
  const heroFill = style === 'colorful' ? `url(#${gradientId})` : palette.page;
  const headerFill = palette.header === 'primary' ? primary : palette.header;

  return (
    <svg viewBox="0 0 240 150" aria-hidden="true" className={className} style={{ fontFamily }}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={primary} />
          <stop offset="1" stopColor={secondary} />
        </linearGradient>
      </defs>
      <rect width="240" height="150" rx="8" fill={palette.page} />
      <rect width="240" height="12" rx="0" fill={style === 'dark' ? '#1f2937' : '#e2e8f0'} />
      <circle cx="8" cy="6" r="2" fill="#f87171" />
      <circle cx="15" cy="6" r="2" fill="#fbbf24" />
      <circle cx="22" cy="6" r="2" fill="#34d399" />

      <rect y="12" width="240" height="18" fill={headerFill} />
      <line x1="0" y1="30" x2="240" y2="30" stroke={palette.border} />
      <text x="10" y="24.5" fontSize="8" fontWeight="700" fill={palette.headerText}>
        {shortName}
      </text>
      {[150, 175, 200].map((x) => (
        <rect
          key={x}
          x={x}
          y="19"
          width="18"
          height="3.5"
          rx="1.75"
          fill={palette.headerText}
          opacity="0.7"
        />
      ))}

      <rect y="30" width="240" height="62" fill={heroFill} />
      {style === 'white' && <rect x="10" y="40" width="16" height="2.5" rx="1.25" fill={primary} />}
      <text x="10" y="58" fontSize="13" fontWeight="700" fill={palette.text}>
        Bienvenue
      </text>
      <rect x="10" y="64" width="120" height="4" rx="2" fill={palette.muted} />
      <rect x="10" y="71" width="90" height="4" rx="2" fill={palette.muted} />
      {style === 'white' ? (
        <rect x="10.5" y="79.5" width="43" height="9" rx="4.5" fill="none" stroke={primary} />
      ) : (
        <rect x="10" y="79" width="44" height="10" rx="5" fill={style === 'colorful' ? '#ffffff' : primary} />
      )}
      <rect
        x="18"
        y="82.5"
        width="28"
        height="3"
        rx="1.5"
        fill={style === 'colorful' ? primary : style === 'white' ? primary : '#ffffff'}
      />
      {style === 'dark' && <circle cx="195" cy="61" r="22" fill={secondary} opacity="0.85" />}
      {style === 'dark' && <circle cx="175" cy="72" r="14" fill={primary} opacity="0.9" />}
      {style === 'white' && <rect x="160" y="40" width="70" height="44" rx="4" fill="#f1f5f9" />}
      {style === 'white' && <circle cx="195" cy="62" r="10" fill={secondary} opacity="0.8" />}

      {[10, 87, 164].map((x, index) => (
        <g key={x}>
          <rect
            x={x}
            y="100"
            width="66"
            height="42"
            rx="5"
            fill={style === 'colorful' ? [primary, secondary, primary][index] : palette.card}
            fillOpacity={style === 'colorful' ? 0.12 : 1}
            stroke={palette.cardLine}
            strokeOpacity={style === 'colorful' ? 0 : 1}
          />
          <circle cx={x + 12} cy="112" r="5" fill={index === 1 ? secondary : primary} />
          <rect x={x + 8} y="122" width="46" height="3.5" rx="1.75" fill={palette.cardLine} />
          <rect x={x + 8} y="129" width="34" height="3.5" rx="1.75" fill={palette.cardLine} />
        </g>
      ))}
    </svg>
  );
}
