// Checksum programs are hash intent (evidence `command`) and reads of their operands; a
// program that only mentions them (`grep sha256sum README`) never reaches this table.
import { parseArgs } from '../options.js';
import type { Handler } from '../walker.js';
import { handlerTable, type HandlerTable } from '../handler-table.js';
import { modelHandler } from '../program-model.js';
import OPENSSL from '../models/openssl.json' with { type: 'json' };

const checksum: Handler = (w, inv) => {
  // `sha256sum --version` names the tool and hashes nothing.
  if (inv.args.length === 2 && ['--version', '--help', '-h', '-v', '-V'].includes(inv.args[1]!.value ?? '')) return w.acc.read();
  w.acc.addHash('command', inv.text);
  w.acc.read();
};

/** openssl (models/openssl.json): OpenSSL's own parser; digests and signing hash, -out, -writerand, -keyout and their kin write. */
const openssl: Handler = modelHandler(OPENSSL);

const certutil: Handler = (w, inv) => {
  if (inv.args.some((a) => a.value !== null && a.value.toLowerCase() === '-hashfile')) return checksum(w, inv);
  w.unknown(inv, 'shell_command_unproven');
};

/**
 * Programs whose work is not only hashing, with the options that make them hash: the hash
 * intent is counted and the command stays unproven (they also sign, write keys or files).
 */
function hashingWhen(option: RegExp): Handler {
  return (w, inv) => {
    if (inv.args.some((a, i) => i > 0 && (a.value === null || option.test(a.value)))) w.acc.addHash('command', inv.text);
    w.unknown(inv, 'shell_command_unproven');
  };
}

/** uuidgen prints a UUID; a name-based one is the MD5 (`-m`) or SHA-1 (`-s`) of the name. */
const uuidgen: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, {
    flags: 'rtmsxhV',
    values: 'nNC',
    longFlags: ['random', 'time', 'md5', 'sha1', 'hex', 'help', 'version'],
    longValues: ['namespace', 'name', 'count'],
  });
  if (p.unknown.length > 0 || p.operands.length > 0 || inv.args.some((a) => a.value === null)) return w.unknown(inv, 'shell_command_unproven');
  if (p.options.some((o) => o.name === 'm' || o.name === 's' || o.name === 'md5' || o.name === 'sha1')) w.acc.addHash('command', inv.text);
  w.acc.read();
};

const GPG_HASHING = /^--print-mds?$|^--(?:clear-?|detach-)?sign$|^--(?:with-)?fingerprint$|^-[A-Zac-rt-z]*[sb][A-Za-z]*$/;

const NAMES = [
  'md5sum',
  'sha1sum',
  'sha224sum',
  'sha256sum',
  'sha384sum',
  'sha512sum',
  'b2sum',
  'cksum',
  'sum',
  'shasum',
  'xxhsum',
  'xxh32sum',
  'xxh64sum',
  'xxh128sum',
  'xxh3sum',
  'b3sum',
  'md5',
  'sha1',
  'sha256',
  'sha512',
  'rhash',
  'gsha256sum',
  'gmd5sum',
  'hashdeep',
  'md5deep',
  'sha1deep',
  'sha256deep',
  'tigerdeep',
  'whirlpooldeep',
  'crc32',
  'cksfv',
  'jacksum',
  'hashrat',
  'sha3sum',
  'sha224',
  'sha384',
  'sha512t256',
  'rmd160',
  'gsha1sum',
  'gsha512sum',
  'gb2sum',
  'gcksum',
  'nix-hash',
];

export const hashHandlers: HandlerTable = handlerTable([NAMES, checksum], {
  __proto__: null,
  openssl,
  certutil,
  // Fingerprints are digests of a key; `--print-md` digests a file; password tools print hashes.
  // Signing digests the file; a fingerprint is a digest of the key.
  gpg: hashingWhen(GPG_HASHING),
  gpg2: hashingWhen(GPG_HASHING),
  uuidgen,
  // `ipfs add` (and `--only-hash`) computes content identifiers; nix-prefetch-url prints a download's hash.
  ipfs: hashingWhen(/^add$/),
  'nix-prefetch-url': hashingWhen(/./),
  'ssh-keygen': hashingWhen(/^-[A-Za-km-z]*l[A-Za-z]*$|^-E$/),
  'ssh-keyscan': hashingWhen(/^-[A-GI-Za-z]*H[A-Za-z]*$/),
  htpasswd: hashingWhen(/./),
  mkpasswd: hashingWhen(/./),
});
