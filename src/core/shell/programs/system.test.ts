// Read models for system, service and data-store tools (issue 9 principle 8: review is usable
// for operations work): their read forms are reads, their changing forms never are.
import { describe, expect, it } from 'vitest';
import { TEST_ROOT as ROOT, virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const ctx = virtualContext({ 'db.sqlite': 'SQLite format 3', 'q.sql': 'SELECT 1;' });
const m = (cmd: string) => classifyShell(cmd, ctx).mutability;

describe('system and data-store read models', () => {
  it.each([
    'ip addr',
    'ip -br a',
    'ip -j route show',
    'ip link',
    'ip netns list',
    'journalctl -u nginx --since today --no-pager',
    'systemctl status nginx',
    'systemctl list-units --failed',
    'netstat -tlnp',
    'ss -tlnp',
    'top -b -n 1',
    'pstree -p',
    'rustc --version',
    'ninja -t targets',
    'ninja -C build -t targets all',
    'ninja -f other.ninja -ttargets depth 2',
    'ninja -t commands -s app',
    'ninja -t compdb -x cc',
    'ninja --version',
    'java -version',
    'helm list -A',
    'helm get values api',
    'helm template ./chart',
    "sqlite3 db.sqlite '.tables'",
    "sqlite3 db.sqlite 'SELECT count(*) FROM t'",
    "sqlite3 db.sqlite 'PRAGMA table_info(t)'",
    'redis-cli ping',
    'redis-cli -n 2 hgetall k',
    'redis-cli --scan --pattern "a*"',
    "psql -c '\\dt'",
    "psql -c '\\d users'",
    'aws logs tail /aws/lambda/x --since 10m',
    'sha256sum --version',
    'npx --version',
  ])('%s is a read', (cmd) => {
    expect(m(cmd)).toBe('read');
  });

  it.each([
    'ip link set eth0 down',
    'ip -b cmds.txt',
    'ip netns exec x rm -rf src',
    'systemctl restart nginx',
    'systemctl edit nginx',
    'journalctl --vacuum-size=1M',
    'journalctl --cursor-file=c.txt',
    'top',
    'ss -K dst 10.0.0.1',
    'ss -D out.bin',
    'helm install api ./chart',
    'helm template ./chart --output-dir out',
    'helm template ./chart --post-renderer ./evil',
    "sqlite3 db.sqlite 'DELETE FROM t'",
    "sqlite3 db.sqlite '.shell rm -rf src'",
    "sqlite3 db.sqlite \"SELECT writefile('x', 'y')\"",
    "sqlite3 db.sqlite 'PRAGMA user_version=5'",
    "sqlite3 -cmd '.system rm x' db.sqlite 'SELECT 1'",
    "sqlite3 new.db 'SELECT 1'",
    'redis-cli flushall',
    'redis-cli --rdb dump.rdb',
    'redis-cli --eval x.lua',
    'redis-cli -x set k',
    "psql -c '\\! rm -rf src'",
    "psql -c '\\o out.txt'",
    "psql -c '\\i q.sql'",
    'rustc main.rs',
    'ninja',
    'ninja app',
    'ninja -v',
    'ninja -t clean',
    'ninja -t query app',
    'ninja -t restat',
    'ninja -t browse',
    'ninja -C -t targets',
    'ninja $X -t targets',
    'ninja -j4 -t cleandead',
    'java -jar evil.jar',
  ])('%s is not a read', (cmd) => {
    expect(m(cmd)).not.toBe('read');
  });

  it('records the database a sqlite query reads', () => {
    expect(classifyShell("sqlite3 db.sqlite '.schema'", ctx).effects).toEqual([{ kind: 'read', path: `${ROOT}/db.sqlite` }]);
  });
});

describe('hash functions in SQL', () => {
  it('carry hash intent', () => {
    expect(classifyShell('psql -c "SELECT md5(\'x\')"', ctx).intents.hash).toBe(true);
    expect(classifyShell('sqlite3 db.sqlite "SELECT sha256(\'x\')"', ctx).intents.hash).toBe(true);
    expect(classifyShell('psql -c "SELECT 1"', ctx).intents.hash).toBe(false);
  });
});
