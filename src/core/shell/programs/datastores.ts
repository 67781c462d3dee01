// Local and remote data stores queried from the shell: sqlite3 and redis-cli. A query is a
// read only when every statement or command is on the read list (sqlite: SELECT-like SQL,
// read-only pragmas and describing dot-commands; redis: read commands), with options from
// a closed table. Anything else changes the data or runs something: a mutation or unknown.
import { defineOptions, scanOptions, unprovenOptions } from '../option-table.js';
import type { Handler } from '../walker.js';
import { SQL_HASH, sqlReadOnly } from './services.js';
import { lookupTable } from '../../lookup-table.js';

// ---- sqlite3 ----

/** sqlite3 spells options with one dash or two; `-init`, `-cmd` and `-A` run more commands. */
export const SQLITE = defineOptions({
  read:
    '--readonly --bail --batch --box --column --csv --html --json --line --list --markdown --quote --table --tabs --ascii --header --noheader ' +
    '--nullvalue= --separator= --newline= --echo --version --help --safe --stats --interactive --nofollow --escape= --mmap= --no-rowid-in-view',
  exec: '--init= --cmd= --A= --archive= --deserialize --append --zip --vfs= --memtrace --lookaside= --pagecache= --heap=',
  singleDash: true,
  abbrev: false,
  posix: true,
});

/** Dot-commands that only describe or set how results print. */
const SQLITE_DOT =
  /^\.(?:tables|table|schema|fullschema|indexes|indices|databases|dbinfo|show|help|headers|header|mode|width|nullvalue|separator|timer|print|dump|stats|eqp|explain|changes|bail|echo|limit|lint fkey-indexes|parameter list)\b[^;]*$/;
/** Pragmas that only read when they assign nothing. */
const SQLITE_PRAGMA =
  /^pragma\s+(?:\w+\.)?(?:table_info|table_xinfo|table_list|index_list|index_info|index_xinfo|database_list|foreign_key_list|foreign_key_check|integrity_check|quick_check|compile_options|collation_list|function_list|module_list|pragma_list|page_count|page_size|freelist_count|user_version|schema_version|application_id|journal_mode|encoding|foreign_keys|data_version)\b(?:\s*\(\s*(?:['"\w.]+\s*)?\))?\s*$/i;

function sqliteReadOnly(text: string): boolean {
  const t = text.trim();
  if (t === '') return true;
  if (t.startsWith('.')) return t.split('\n').every((l) => l.trim() === '' || SQLITE_DOT.test(l.trim()));
  for (const st of t.split(';')) {
    const s = st.trim();
    if (s === '' || SQLITE_PRAGMA.test(s)) continue;
    if (!sqlReadOnly(s)) return false;
  }
  return true;
}

const sqlite3: Handler = (w, inv) => {
  const s = scanOptions(inv.args, 1, SQLITE);
  if (unprovenOptions(w, inv, s)) return;
  if (s.options.some((o) => o.name === '--version' || o.name === '--help')) return w.acc.read();
  const [db, ...sql] = s.operands;
  for (const a of sql) if (a.value !== null && SQL_HASH.test(a.value)) w.acc.addHash('code', a.value);
  if (!db) return w.unknown(inv, 'shell_command_unproven');
  if (db.value === null) return w.unknown(inv, 'dynamic_word');
  const p = db.value === ':memory:' ? null : w.path(inv, db);
  // A database file that does not exist yet would be created by the first write; only an existing one is read.
  if (db.value !== ':memory:' && (!p || !w.exists(p))) return w.unknown(inv, 'shell_command_unproven');
  const texts: string[] = [];
  for (const a of sql) {
    if (a.value === null) return w.unknown(inv, 'dynamic_word');
    texts.push(a.value);
  }
  if (texts.length === 0) {
    if (inv.stdin === undefined) return w.unknown(inv, 'shell_command_unproven');
    texts.push(inv.stdin);
  }
  for (const t of texts) if (SQL_HASH.test(t)) w.acc.addHash('code', t);
  if (!texts.every(sqliteReadOnly)) return w.unknown(inv, 'shell_command_unproven');
  if (p) w.effectPath(inv, 'read', p);
  w.acc.read();
};

// ---- redis-cli ----

const REDIS = defineOptions({
  read:
    '-h: -p: -s: -a: --user= --pass= --askpass -u: -n: -2 -3 --resp2 --resp3 -d: -D: -c -e --raw --no-raw --quoted-input --csv --json --quoted-json ' +
    '--show-pushes= --stat --latency --latency-history --latency-dist --bigkeys --memkeys --memkeys-samples= --keystats --keystats-samples= --hotkeys ' +
    '--scan --pattern= --count= --quoted-pattern= --intrinsic-latency= --verbose --tls --sni= --cacert= --cacertdir= --insecure --cert= --key= ' +
    '--tls-ciphers= --tls-ciphersuites= --no-auth-warning --version --help -i: -t: --cluster-only-masters --cluster-only-replicas',
  write: '--rdb= --functions-rdb=',
  exec: '--eval= --pipe --pipe-timeout= --replica --ldb --ldb-sync-mode --lru-test= --cluster= -x -r:',
  posix: true,
  abbrev: false,
});

/** Redis commands that only read (subcommands for the container commands). */
const REDIS_READS = new Set([
  'ping',
  'echo',
  'get',
  'mget',
  'strlen',
  'getrange',
  'substr',
  'exists',
  'type',
  'ttl',
  'pttl',
  'expiretime',
  'pexpiretime',
  'keys',
  'scan',
  'sscan',
  'hscan',
  'zscan',
  'info',
  'dbsize',
  'hget',
  'hgetall',
  'hkeys',
  'hvals',
  'hlen',
  'hmget',
  'hexists',
  'hstrlen',
  'hrandfield',
  'llen',
  'lrange',
  'lindex',
  'lpos',
  'scard',
  'smembers',
  'sismember',
  'smismember',
  'srandmember',
  'sinter',
  'sunion',
  'sdiff',
  'sintercard',
  'zcard',
  'zrange',
  'zrangebyscore',
  'zrangebylex',
  'zrevrange',
  'zrevrangebyscore',
  'zrevrangebylex',
  'zscore',
  'zmscore',
  'zrank',
  'zrevrank',
  'zcount',
  'zlexcount',
  'zrandmember',
  'zinter',
  'zunion',
  'zdiff',
  'xlen',
  'xrange',
  'xrevrange',
  'xpending',
  'bitcount',
  'getbit',
  'bitpos',
  'time',
  'lastsave',
  'role',
  'randomkey',
  'dump',
  'geopos',
  'geodist',
  'geohash',
  'geosearch',
  'lcs',
  'touch',
]);
const REDIS_SUBREADS =
  /^(?:object (?:encoding|freq|idletime|refcount|help)|memory (?:usage|stats|doctor|malloc-stats|help)|client (?:list|info|getname|id|no-evict)|config get|command(?: (?:count|info|docs|list|getkeys))?|slowlog (?:get|len|help)|latency (?:latest|history|doctor|graph|help)|xinfo (?:stream|groups|consumers|help)|cluster (?:info|nodes|slots|shards|myid|keyslot|countkeysinslot|getkeysinslot)|pubsub (?:channels|numsub|numpat)|module list|acl (?:whoami|list|users|cat|getuser))$/;

const redisCli: Handler = (w, inv) => {
  const s = scanOptions(inv.args, 1, REDIS);
  if (unprovenOptions(w, inv, s)) return;
  for (const o of s.options) if (o.kind === 'write' && o.value) return w.effect(inv, 'write', o.value);
  const words: string[] = [];
  for (const a of s.operands) {
    if (a.value === null) return w.unknown(inv, 'dynamic_word');
    words.push(a.value);
  }
  if (words.length === 0) {
    // Interactive, or the scanning modes (`--scan`, `--bigkeys`, `--stat`), which only read.
    if (
      s.options.some((o) =>
        [
          '--scan',
          '--bigkeys',
          '--memkeys',
          '--keystats',
          '--hotkeys',
          '--stat',
          '--latency',
          '--latency-history',
          '--latency-dist',
          '--version',
          '--help',
          '--intrinsic-latency',
        ].includes(o.name),
      )
    )
      return w.acc.read();
    return w.unknown(inv, 'shell_command_unproven');
  }
  const cmd = words[0]!.toLowerCase();
  const two = `${cmd} ${(words[1] ?? '').toLowerCase()}`;
  if (REDIS_READS.has(cmd) || REDIS_SUBREADS.test(two) || REDIS_SUBREADS.test(cmd)) return w.acc.read();
  // set, del, flushall, config set, eval, shutdown …: the server's state changes.
  w.acc.write(inv.text);
};

export const datastoreHandlers = lookupTable<Handler>({ __proto__: null, sqlite3, 'redis-cli': redisCli });
