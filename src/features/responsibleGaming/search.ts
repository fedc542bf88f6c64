import { searchObject, searchOneOf } from '../../lib/search';

/** The sections of /responsibleGaming. */
export const RG_TABS = ['limits', 'breaks', 'reminders', 'categories', 'history', 'family'] as const;
export type RgTab = (typeof RG_TABS)[number];

/** /responsibleGaming ?tab=…: the section to open (a visitor sees the text, the helpline and the family form). */
export const rgSearch = searchObject({ tab: searchOneOf(RG_TABS) });
