import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_DEFAULTS } from './site-settings-defaults.js';
import { siteSettingsSchema } from './site-settings.js';

describe('site settings defaults', () => {
  it('are what the schema fills in for a site that saved nothing (the public layout shows them without zod)', () => {
    expect(siteSettingsSchema.parse({})).toEqual(SITE_SETTINGS_DEFAULTS);
  });
});
