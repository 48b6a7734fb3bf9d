// The nav's theme switch: light, dark, or the system's (app/theme.ts keeps and applies it).
import { chooseTheme, THEMES, useThemeChoice } from '../app/theme.ts';

const LABEL = { light: 'Light', dark: 'Dark', system: 'System' } as const;

export function ThemeSwitch() {
  const choice = useThemeChoice();
  return (
    <div className="theme-switch" role="group" aria-label="Theme">
      {THEMES.map((t) => (
        <button key={t} type="button" aria-pressed={choice === t} onClick={() => chooseTheme(t)}>
          {LABEL[t]}
        </button>
      ))}
    </div>
  );
}
