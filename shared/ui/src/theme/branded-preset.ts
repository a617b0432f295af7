import { PRESET_COLORS, type PresetColor } from '@portal/config';

/**
 * The preset colour the theme uses: the user's own choice in the display settings wins; while it is
 * the default, the brand owner's white-label colour applies. Anything not in the preset list (an old
 * or tampered cache) is ignored.
 */
export function brandedPreset(userPreset: PresetColor, brandPreset: string | null | undefined): PresetColor {
  if (userPreset !== 'default' || !brandPreset) return userPreset;
  return (PRESET_COLORS as readonly string[]).includes(brandPreset) ? (brandPreset as PresetColor) : userPreset;
}
