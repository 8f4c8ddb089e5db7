import { createContext, use } from 'react';
import { type DemoTheme } from '../demo-theme';

export const DemoThemeContext = createContext<DemoTheme | null>(null);

export function useDemoTheme(): DemoTheme {
  const theme = use(DemoThemeContext);
  if (!theme) throw new Error('useDemoTheme must be used inside <DemoThemeContext>');
  return theme;
}
