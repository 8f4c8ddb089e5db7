import { type FocusEventHandler, type Ref, useId } from 'react';
import { cn } from '@/lib/cn';
import { type FieldControlProps } from '@/ui/field';
import { Input } from '@/ui/input';

const HEX = /^#[0-9a-f]{6}$/i;

/** "#RRGGBB", "rrggbb" or " #rrggbb " as "#rrggbb"; anything else unchanged. */
export function normalizeHexColor(value: string): string {
  const trimmed = value.trim();
  const withHash = trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
  return HEX.test(withHash) ? withHash.toLowerCase() : value;
}

const isHexColor = (value: string) => HEX.test(value);

export interface ColorInputProps extends FieldControlProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  /** The accessible name of the native picker, e.g. "Choisir la couleur principale". */
  pickerLabel: string;
  /** What the picker shows while the text is not a colour. */
  fallback: string;
}

/** A native colour picker and a hex text field showing the same value. */
export function ColorInput({
  value,
  onChange,
  onBlur,
  pickerLabel,
  fallback,
  ref,
  ...control
}: ColorInputProps) {
  const hintId = useId();
  const valid = isHexColor(value);
  return (
    <div className="flex items-center gap-3">
      <input
        type="color"
        aria-label={pickerLabel}
        value={valid ? value.toLowerCase() : fallback}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          'h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
        )}
      />
      <Input
        {...control}
        ref={ref}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => {
          const normalized = normalizeHexColor(event.target.value);
          if (normalized !== event.target.value) onChange(normalized);
          onBlur?.(event);
        }}
        spellCheck={false}
        autoComplete="off"
        maxLength={7}
        placeholder="#3b82f6"
        aria-describedby={[control['aria-describedby'], hintId].filter(Boolean).join(' ')}
        className="font-mono uppercase placeholder:normal-case"
      />
      <span id={hintId} className="sr-only">
        Format hexadécimal, par exemple #3B82F6
      </span>
    </div>
  );
}
