/**
 * GET/PUT v1/admin/me/alerts (issue 44 item 4): the alerts a member gets (lib/staff-alerts.ts sends them), the
 * digest's language, and for owners a phone that gets it by SMS too.
 */
import { STAFF_ALERT_KINDS, type StaffAlertKind, type StaffAlertPreferences } from '@store/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { staff } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { CurrentStaff } from './access.ts';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

export async function alertPreferences(ctx: Ctx, me: CurrentStaff) {
  const [row] = await ctx.db
    .select({ kinds: staff.alertKinds, locale: staff.alertLocale, phone: staff.alertPhone })
    .from(staff)
    .where(eq(staff.id, me.id));
  return {
    alerts: {
      kinds: (row?.kinds ?? []).filter((k): k is StaffAlertKind =>
        (STAFF_ALERT_KINDS as readonly string[]).includes(k),
      ),
      locale: row?.locale === 'en' ? ('en' as const) : ('ar' as const),
      phone: row?.phone ?? null,
    },
  };
}

export async function saveAlertPreferences(ctx: Ctx, me: CurrentStaff, body: StaffAlertPreferences) {
  const phone = body.phone ? body.phone : null;
  if (phone && me.role !== 'owner') throw AppError.field('phone', 'staff_alerts_phone_owner_only');
  await ctx.db
    .update(staff)
    .set({
      alertKinds: [...new Set(body.kinds)],
      alertLocale: body.locale,
      alertPhone: phone,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(staff.id, me.id));
  return alertPreferences(ctx, me);
}
