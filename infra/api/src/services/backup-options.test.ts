import { readEnvSettings, type EnvInput } from '@portal/settings';
import { backupOptionsFromSettings } from './backup-engine';

const threadOf = (setup: { databaseUrl?: string }, env: EnvInput = {}) => backupOptionsFromSettings(setup, readEnvSettings(env)).thread;

describe('the engine thread setting', () => {
  it('is on by default, with PostgreSQL and on PGlite', () => {
    expect(threadOf({ databaseUrl: 'postgres://db/portal' })).toBe(true);
    expect(threadOf({})).toBe(true);
  });

  it('follows BACKUP_ENGINE_THREAD when it is set, on either database', () => {
    expect(threadOf({ databaseUrl: 'postgres://db/portal' }, { BACKUP_ENGINE_THREAD: '0' })).toBe(false);
    expect(threadOf({}, { BACKUP_ENGINE_THREAD: '1' })).toBe(true);
  });
});
