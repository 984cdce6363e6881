// The colour scheme a person chose in the header (absent: follow the system). Shared by the layout (server) and the switch.
export const THEME_COOKIE = 'memdash-theme';
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The cookie's value as a choice; anything else (a hand-edited cookie) is "system". */
export function themeChoice(value: string | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}
