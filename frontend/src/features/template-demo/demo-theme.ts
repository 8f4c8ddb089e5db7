import { type styleLabels } from '@coseso/domain/orders/wizard';
import { type CSSProperties } from 'react';

export type DemoStyle = keyof typeof styleLabels;

/** Class names of each part of a demo site, for one style; colours come from CSS variables. */
export interface DemoTheme {
  dark: boolean;
  root: string;
  header: string;
  hero: string;
  heroTitle: string;
  heroText: string;
  section: string;
  altSection: string;
  card: string;
  heading: string;
  muted: string;
  accentText: string;
  primaryButton: string;
  secondaryButton: string;
  input: string;
  footer: string;
  chip: string;
}

const primaryButton =
  'bg-(--demo-primary) text-(--demo-on-primary) hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--demo-primary)';

export const demoThemes: Record<DemoStyle, DemoTheme> = {
  colorful: {
    dark: false,
    root: 'bg-white text-slate-800',
    header: 'bg-white/95 shadow-sm',
    hero: 'bg-[linear-gradient(135deg,var(--demo-hero-from),var(--demo-hero-to))] text-(--demo-on-hero)',
    heroTitle: 'text-(--demo-on-hero)',
    heroText: 'text-(--demo-on-hero) opacity-90',
    section: 'bg-white',
    altSection: 'bg-[color-mix(in_srgb,var(--demo-secondary)_10%,white)]',
    card: 'rounded-3xl bg-white shadow-lg shadow-slate-200/70 border-t-4 border-(--demo-primary)',
    heading: 'text-slate-900',
    muted: 'text-slate-600',
    accentText: 'text-(--demo-accent-on-light)',
    primaryButton: `${primaryButton} rounded-full`,
    secondaryButton:
      'rounded-full bg-white text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
    input:
      'rounded-2xl border border-slate-200 bg-white text-slate-900 placeholder:text-slate-400 focus:border-(--demo-primary) focus:outline-2 focus:outline-(--demo-primary)',
    footer: 'bg-[color-mix(in_srgb,var(--demo-primary)_25%,#0f172a)] text-white/85',
    chip: 'rounded-full bg-[color-mix(in_srgb,var(--demo-secondary)_18%,white)] text-[color-mix(in_srgb,var(--demo-secondary)_60%,black)]',
  },
  white: {
    dark: false,
    root: 'bg-white text-slate-700',
    header: 'bg-white/95 border-b border-slate-200',
    hero: 'bg-white text-slate-700',
    heroTitle: 'text-slate-900',
    heroText: 'text-slate-600',
    section: 'bg-white',
    altSection: 'bg-slate-50',
    card: 'rounded-xl border border-slate-200 bg-white',
    heading: 'text-slate-900',
    muted: 'text-slate-600',
    accentText: 'text-(--demo-accent-on-light)',
    primaryButton: `${primaryButton} rounded-md`,
    secondaryButton:
      'rounded-md border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-400',
    input:
      'rounded-md border border-slate-300 bg-white text-slate-900 placeholder:text-slate-400 focus:border-(--demo-primary) focus:outline-2 focus:outline-(--demo-primary)',
    footer: 'border-t border-slate-200 bg-white text-slate-600',
    chip: 'rounded-md border border-slate-200 bg-slate-50 text-slate-700',
  },
  dark: {
    dark: true,
    root: 'bg-slate-950 text-slate-300',
    header: 'bg-slate-950/90 border-b border-white/10',
    hero: 'bg-slate-950 bg-[radial-gradient(circle_at_15%_20%,color-mix(in_srgb,var(--demo-primary)_35%,transparent),transparent_45%),radial-gradient(circle_at_85%_70%,color-mix(in_srgb,var(--demo-secondary)_30%,transparent),transparent_45%)] text-slate-300',
    heroTitle: 'text-white',
    heroText: 'text-slate-300',
    section: 'bg-slate-950',
    altSection: 'bg-slate-900',
    card: 'rounded-2xl border border-white/10 bg-white/5',
    heading: 'text-white',
    muted: 'text-slate-400',
    accentText: 'text-(--demo-accent-on-dark)',
    primaryButton: `${primaryButton} rounded-lg`,
    secondaryButton:
      'rounded-lg border border-white/25 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
    input:
      'rounded-lg border border-white/15 bg-white/5 text-white placeholder:text-slate-500 focus:border-(--demo-primary) focus:outline-2 focus:outline-(--demo-primary)',
    footer: 'border-t border-white/10 bg-black/40 text-slate-400',
    chip: 'rounded-full border border-white/15 bg-white/5 text-slate-200',
  },
};

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb =>
  [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('');

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const WHITE = '#ffffff';
const INK = '#0f172a';
const INK_LUMINANCE = luminance(toRgb(INK.slice(1)));

/** White or ink, whichever contrasts more with the colour (WCAG contrast ratio). */
function readableOn(rgb: Rgb): string {
  const l = luminance(rgb);
  return 1.05 / (l + 0.05) >= (l + 0.05) / (INK_LUMINANCE + 0.05) ? WHITE : INK;
}

const darken = (rgb: Rgb, ratio: number): Rgb => rgb.map((channel) => channel * (1 - ratio)) as Rgb;
const lighten = (rgb: Rgb, ratio: number): Rgb =>
  rgb.map((channel) => channel + (255 - channel) * ratio) as Rgb;

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE_RGB: Rgb = [255, 255, 255];
const PAGE_DARK_RGB: Rgb = [2, 6, 23];

/** The colour, darkened or lightened just enough to be read as text on `background`: WCAG AA, with a margin for the tinted sections. */
function accentOn(rgb: Rgb, background: Rgb, shift: typeof darken): string {
  let ratio = 0;
  while (ratio < 1 && contrast(shift(rgb, ratio), background) < 5) ratio += 0.05;
  return `#${toHex(shift(rgb, Math.min(ratio, 1)))}`;
}

/**
 * The CSS variables the theme classes read, from two 6-digit hex colours without '#'. The colourful
 * hero darkens both colours a little so that its text stays readable whatever the client picked.
 */
export function demoColourVariables(primary: string, secondary: string, fontStack: string): CSSProperties {
  const primaryRgb = toRgb(primary);
  const secondaryRgb = toRgb(secondary);
  const heroFrom = darken(primaryRgb, 0.15);
  const heroTo = darken(secondaryRgb, 0.3);
  const heroMiddle = heroFrom.map((channel, index) => (channel + heroTo[index]!) / 2) as Rgb;
  return {
    '--demo-primary': `#${primary}`,
    '--demo-secondary': `#${secondary}`,
    '--demo-on-primary': readableOn(primaryRgb),
    '--demo-on-secondary': readableOn(secondaryRgb),
    '--demo-accent-on-light': accentOn(primaryRgb, WHITE_RGB, darken),
    '--demo-accent-on-dark': accentOn(primaryRgb, PAGE_DARK_RGB, lighten),
    '--demo-hero-from': `#${toHex(heroFrom)}`,
    '--demo-hero-to': `#${toHex(heroTo)}`,
    '--demo-on-hero': readableOn(heroMiddle),
    fontFamily: fontStack,
  } as CSSProperties;
}
