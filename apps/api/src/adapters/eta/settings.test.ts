import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const on = {
  ETA_RECEIPTS: 'on',
  ETA_CLIENT_ID: 'pos-client',
  ETA_CLIENT_SECRET: 'pos-secret',
  ETA_RIN: '674859545',
  ETA_BRANCH_CODE: '0',
  ETA_BRANCH_ADDRESS: 'Cairo; Nasr City; 12 Abbas El Akkad; 12',
  ETA_DEVICE_SERIAL: 'STORE-WEB-1',
  ETA_ACTIVITY_CODE: '4741',
};

describe('the e-receipt settings', () => {
  it('are off by default and need nothing then', () => {
    const c = loadConfig({});
    expect(c.ETA_RECEIPTS).toBe('off');
    expect(c.ETA_URL).toBe('https://api.invoicing.eta.gov.eg');
    expect(c.ETA_ID_URL).toBe('https://id.eta.gov.eg');
  });

  it('start with every POS setting when on', () => {
    const c = loadConfig({ ...on, ETA_URL: 'https://api.preprod.invoicing.eta.gov.eg/' });
    expect(c.ETA_RECEIPTS).toBe('on');
    expect(c.ETA_URL).toBe('https://api.preprod.invoicing.eta.gov.eg');
  });

  it('stop the start with a sentence naming each one missing when on', () => {
    const { ETA_CLIENT_SECRET: _s, ETA_DEVICE_SERIAL: _d, ...missing } = on;
    expect(() => loadConfig(missing)).toThrow(
      /ETA_CLIENT_SECRET: ETA_CLIENT_SECRET is required with ETA_RECEIPTS=on[\s\S]*ETA_DEVICE_SERIAL: ETA_DEVICE_SERIAL is required with ETA_RECEIPTS=on/,
    );
  });

  it('refuse a wrong value with a sentence naming it', () => {
    expect(() => loadConfig({ ...on, ETA_RIN: '12' })).toThrow(/ETA_RIN: ETA_RIN must be the 9-digit/);
    expect(() => loadConfig({ ...on, ETA_RECEIPTS: 'yes' })).toThrow(/ETA_RECEIPTS must be on or off/);
    expect(() => loadConfig({ ...on, ETA_BRANCH_ADDRESS: 'Cairo' })).toThrow(
      /ETA_BRANCH_ADDRESS must be governorate; city; street; building/,
    );
    expect(() => loadConfig({ STORE_TAX_ID: 'abc' })).toThrow(/STORE_TAX_ID must be the 9-digit/);
  });
});
