import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { recentAudit, recordAudit } from './repository.js';

describe.each(engines)('audit log [%s]', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
  });
  afterAll(() => t.dispose());

  it('shortens a long action for the list and keeps it whole in detail', async () => {
    const action = `Created product ${'Very long name '.repeat(12)}`;
    await recordAudit(t.db.kysely, { actorId: null, action, subjectType: 'product', subjectId: 7 });
    const [entry] = await recentAudit(t.db.kysely, 1);
    expect(entry!.action).toHaveLength(80);
    expect(entry!.action.endsWith('…')).toBe(true);
    expect(entry!.detail).toBe(action);
    expect(entry!.subject_id).toBe('7');
  });
});
