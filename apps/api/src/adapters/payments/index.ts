import type { Config } from '../../config.ts';
import { PaymobProvider } from './paymob.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxPaymentProvider } from './sandbox.ts';

export type { PaymentProvider } from './provider.ts';

/** The provider the configuration names (PAYMENT_PROVIDER); config.ts has already checked Paymob's settings. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'paymob') {
    return new PaymobProvider({
      apiUrl: config.PAYMOB_API_URL,
      secretKey: config.PAYMOB_SECRET_KEY!,
      publicKey: config.PAYMOB_PUBLIC_KEY!,
      hmacSecret: config.PAYMOB_HMAC_SECRET!,
      integrationIds: config.PAYMOB_INTEGRATION_IDS!,
    });
  }
  return new SandboxPaymentProvider(config.PAYMENT_SANDBOX_SECRET);
}
