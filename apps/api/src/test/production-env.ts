/**
 * The settings of a real store's start, for the tests of what production refuses: real providers, a public
 * address, PostgreSQL and the seller its invoices name. Each test changes or removes the one setting it is about.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://store.example',
  PAYMENT_PROVIDER: 'paymob',
  PAYMOB_SECRET_KEY: 'sk',
  PAYMOB_PUBLIC_KEY: 'pk',
  PAYMOB_HMAC_SECRET: 'hmac',
  PAYMOB_INTEGRATION_IDS: '1,2',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example/send',
  SMS_HTTP_TOKEN: 'token',
  DATABASE_URL: 'postgres://store@db.example:5432/store',
  STORE_LEGAL_NAME: 'Nile Home Appliances S.A.E.',
  STORE_ADDRESS: '5 Gameat El Dewal St., Mohandessin, Giza',
  STORE_TAX_ID: '674-859-545',
};
