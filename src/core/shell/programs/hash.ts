// Checksum programs are hash intent (evidence `command`) and reads of their operands; a
// program that only mentions them (`grep sha256sum README`) never reaches this table.
import type { Handler } from '../walker.js';

const checksum: Handler = (w, inv) => {
  // `sha256sum --version` names the tool and hashes nothing.
  if (inv.args.length === 2 && ['--version', '--help', '-h', '-v', '-V'].includes(inv.args[1]!.value ?? '')) return w.acc.read();
  w.acc.addHash('command', inv.text);
  w.acc.read();
};

const DIGESTS = /^(?:dgst|md4|md5|mdc2|rmd160|ripemd160|sha1|sha224|sha256|sha384|sha512|sha512-224|sha512-256|sha3-\d+|shake\d+|blake2[bs]\d*|sm3|mac|kdf)$/;

/** openssl: digest subcommands hash; `-out f` writes f; anything else is unproven. */
const openssl: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  if (sub === null) return w.unknown(inv, 'dynamic_word');
  if (sub === undefined || sub === 'version' || sub === 'help' || sub === 'list' || sub === 'ciphers' || sub === 'errstr') return w.acc.read();
  let out = false;
  for (let i = 2; i < inv.args.length; i++) {
    if (inv.args[i]!.value === '-out' && inv.args[i + 1]) {
      w.effect(inv, 'write', inv.args[i + 1]!);
      out = true;
    }
  }
  // `passwd` prints a password hash; `x509 -fingerprint`/`-hash` and `req -pubkey … | dgst` digest a certificate.
  const digestOption = inv.args.some(
    (a, i) => i > 1 && a.value !== null && /^-(?:fingerprint|hash|subject_hash\w*|issuer_hash\w*|ocspid|pubkey_hash)$/.test(a.value),
  );
  if (DIGESTS.test(sub) || sub === 'passwd' || digestOption) {
    w.acc.addHash('command', inv.text);
    if (!out) w.acc.read();
    return;
  }
  if (out) return;
  if (sub === 'x509' || sub === 'verify' || sub === 's_client' || sub === 'asn1parse' || sub === 'base64') return w.acc.read();
  w.unknown(inv, 'shell_command_unproven');
};

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
];

export const hashHandlers: Record<string, Handler> = {
  ...Object.fromEntries(NAMES.map((n) => [n, checksum])),
  openssl,
  certutil,
  // Fingerprints are digests of a key; `--print-md` digests a file; password tools print hashes.
  gpg: hashingWhen(/^--print-mds?$/),
  gpg2: hashingWhen(/^--print-mds?$/),
  'ssh-keygen': hashingWhen(/^-[A-Za-z]*l[A-Za-z]*$|^-E$/),
  'ssh-keyscan': hashingWhen(/^-[A-Za-z]*H[A-Za-z]*$/),
  htpasswd: hashingWhen(/./),
  mkpasswd: hashingWhen(/./),
};
