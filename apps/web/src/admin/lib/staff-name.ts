/**
 * The demo store's owner as the seed names it (apps/api/src/modules/staff/bootstrap.ts, DEMO_OWNER.name): one name
 * in the database, for both languages.
 */
export const DEMO_OWNER_NAME = 'Demo owner';

/**
 * A staff member's name as the back office shows it: as typed, except the demo owner's seeded name, which reads in
 * the staff member's language ("المالك (تجريبي)" in Arabic; issue 43 item 17).
 */
export const staffName = (name: string, t: (key: 'staff.demoOwner') => string) =>
  name === DEMO_OWNER_NAME ? t('staff.demoOwner') : name;
