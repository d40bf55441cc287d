import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { OutboxGateway } from './outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the demo's SMS outbox", () => {
  it('prints each message as a block of its own that a person finds by searching for DEMO SMS', async () => {
    const printed: string[] = [];
    const gateway = new OutboxGateway(t.database.db, undefined, (b) => printed.push(b));
    await gateway.send({
      local: '01012345678',
      international: '201012345678',
      text: 'كود التفعيل بتاعك 482913',
    } as Parameters<OutboxGateway['send']>[0]);
    expect(printed).toHaveLength(1);
    const lines = printed[0]!.trim().split('\n');
    expect(lines[0]).toBe('==== DEMO SMS to 01012345678 (no phone receives it) ====');
    expect(lines[1]).toBe('كود التفعيل بتاعك 482913');
    expect(lines[2]).toBe('====');
  });
});
