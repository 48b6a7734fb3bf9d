import { describe, expect, it } from 'vitest';
import { CairnError } from '../../../shared/errors.ts';
import { locationForAgents, redactSecretsIn, redactUrl } from './pg-url.ts';
import { withoutSecrets } from './secret-errors.ts';

describe('a PostgreSQL URL shown or logged', () => {
  it('masks the user info password and every password-bearing parameter, keeping the rest', () => {
    expect(redactUrl('postgres://u:pw1@db:5432/wiki?password=pw2&sslpassword=pw3&sslmode=require&sslkey=/k.pem')).toBe(
      'postgres://u:***@db:5432/wiki?password=***&sslpassword=***&sslmode=require&sslkey=%2Fk.pem',
    );
    expect(redactUrl('postgresql://u@db/wiki?PassWord=pw2&password=pw4')).toBe('postgresql://u@db/wiki?PassWord=***&password=***');
    // a URL the parser refuses is masked by pattern
    expect(redactUrl('postgres://u:pw1@[bad/wiki?password=pw2')).toBe('postgres://u:***@[bad/wiki?password=***');
    expect(redactUrl('/home/me/index.db')).toBe('/home/me/index.db');
  });

  it('shows an agent neither user nor parameters', () => {
    expect(locationForAgents('postgres://u:pw1@db:5432/wiki?password=pw2')).toBe('postgres://db:5432/wiki');
    expect(locationForAgents('/home/me/index.db')).toBe('/home/me/index.db');
  });

  it('masks the URL, its passwords (as written and decoded) and PGPASSWORD anywhere in a message', () => {
    const url = 'postgres://u:p%40ss-word@db/wiki?password=query-secret';
    const text = `failed for ${url} - p@ss-word, query-secret, env-secret, and postgresql://x:y1z@h/d`;
    expect(redactSecretsIn(text, url, { PGPASSWORD: 'env-secret' })).toBe(
      'failed for postgres://u:***@db/wiki?password=*** - ***, ***, ***, and postgresql://x:***@h/d',
    );
  });

  it('answers an error that quotes a secret as the same code, masked; one that does not as it is', () => {
    const url = 'postgres://u:hunter22@db/wiki';
    const masked = withoutSecrets(new CairnError('unavailable', 'the driver said hunter22'), url) as CairnError;
    expect([masked.code, masked.message]).toEqual(['unavailable', 'the driver said ***']);
    const plain = new Error('nothing secret');
    expect(withoutSecrets(plain, url)).toBe(plain);
  });
});
