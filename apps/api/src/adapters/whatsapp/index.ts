import { CloudWhatsApp } from './cloud.ts';
import { whatsappTemplates, type WhatsAppSettings } from './settings.ts';
import type { WhatsAppSender } from './types.ts';

export * from './types.ts';
export { CloudWhatsApp, WHATSAPP_URL, WHATSAPP_API_VERSION, type CloudWhatsAppOptions } from './cloud.ts';
export {
  checkWhatsAppSettings,
  whatsappSettingsShape,
  whatsappTemplates,
  type WhatsAppSettings,
} from './settings.ts';

/** The sender WHATSAPP_PROVIDER names, or null for none; config.ts has checked its settings. */
export function createWhatsAppSender(s: WhatsAppSettings): WhatsAppSender | null {
  if (s.WHATSAPP_PROVIDER !== 'cloud') return null;
  return new CloudWhatsApp({
    url: s.WHATSAPP_URL,
    version: s.WHATSAPP_API_VERSION,
    phoneNumberId: s.WHATSAPP_PHONE_NUMBER_ID!,
    token: s.WHATSAPP_TOKEN!,
    templates: whatsappTemplates(s.WHATSAPP_TEMPLATES),
    languages: { ar: s.WHATSAPP_LANGUAGE_AR, en: s.WHATSAPP_LANGUAGE_EN },
    timeoutMs: s.WHATSAPP_TIMEOUT_MS,
  });
}
