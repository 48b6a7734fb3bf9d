// Light, dark, or following the system: chosen per person in the nav, kept in this browser, and
// applied as <html data-theme="light|dark">, which the CSS variables of base.css (and every view
// drawn from them: pages, the graph, the editor) follow. Until chosen, the system's.
import { useEffect, useState } from 'react';

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEMES)[number];

const KEY = 'cairn.theme';
const SYSTEM_DARK = '(prefers-color-scheme: dark)';
const CHANGED = 'cairn-theme';

export function themeChoice(): ThemeChoice {
  try {
    const kept = localStorage.getItem(KEY);
    return kept === 'light' || kept === 'dark' ? kept : 'system';
  } catch {
    return 'system';
  }
}

/** The theme drawn: the choice, or the system's for 'system'. */
export function shownTheme(choice: ThemeChoice = themeChoice()): 'light' | 'dark' {
  return choice === 'system' ? (window.matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light') : choice;
}

const apply = () => (document.documentElement.dataset.theme = shownTheme());

/** Applies the kept choice now (before the first picture) and follows the system while it is the choice. */
export function followTheme(): void {
  apply();
  window.matchMedia(SYSTEM_DARK).addEventListener('change', apply);
}

export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // storage off: the choice holds until the page is reloaded
  }
  apply();
  window.dispatchEvent(new Event(CHANGED));
}

/** The theme drawn now (`data-theme` on <html>), kept current when a choice or the system changes it. */
export function useShownTheme(): 'light' | 'dark' {
  const read = (): 'light' | 'dark' => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
  const [shown, setShown] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setShown(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return shown;
}

/** The choice, kept current when it changes. */
export function useThemeChoice(): ThemeChoice {
  const [choice, setChoice] = useState(themeChoice);
  useEffect(() => {
    const changed = () => setChoice(themeChoice());
    window.addEventListener(CHANGED, changed);
    return () => window.removeEventListener(CHANGED, changed);
  }, []);
  return choice;
}
