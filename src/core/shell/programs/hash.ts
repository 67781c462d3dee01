// Checksum programs are hash intent (evidence `command`) and reads of their operands; a
// program that only mentions them (`grep sha256sum README`) never reaches this table.
import { parseArgs } from '../options.js';
import type { Handler } from '../walker.js';
import { handlerTable, type HandlerTable } from '../handler-table.js';

const checksum: Handler = (w, inv) => {
  // `sha256sum --version` names the tool and hashes nothing.
  if (inv.args.length === 2 && ['--version', '--help', '-h', '-v', '-V'].includes(inv.args[1]!.value ?? '')) return w.acc.read();
  w.acc.addHash('command', inv.text);
  w.acc.read();
};

const DIGESTS = /^(?:dgst|md4|md5|mdc2|rmd160|ripemd160|sha1|sha224|sha256|sha384|sha512|sha512-224|sha512-256|sha3-\d+|shake\d+|blake2[bs]\d*|sm3|mac|kdf)$/;

const HASHING_SUBS = /^(?:req|ca|cms|smime|pkcs12|pkcs8|ts|ocsp|enc|pkeyutl|rsautl|speed|srp|rehash|c_rehash|crl|spkac)$/;

/** `openssl enc -base64 [-d] [-A] -in f -out g`: base64 alone, no cipher and so no key derived from a password. */
function encodesOnly(args: readonly { value: string | null }[]): boolean {
  for (let i = 2; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === '-in' || v === '-out') i++;
    else if (v === null || !/^-(?:base64|a|A|d|e)$/.test(v)) return false;
  }
  return true;
}

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
  // Signing, certificate requests, PKCS#12 MACs, password-based encryption and benchmarks
  // digest their input on the way (`req -new` signs the request with a digest).
  if (HASHING_SUBS.test(sub) && !(sub === 'enc' && encodesOnly(inv.args))) w.acc.addHash('command', inv.text);
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

const GPG_HASHING = /^--print-mds?$|^--(?:clear-?|detach-)?sign$|^--(?:with-)?fingerprint$|^-[A-Za-z]*[sb][A-Za-z]*$/;

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
  'ssh-keygen': hashingWhen(/^-[A-Za-z]*l[A-Za-z]*$|^-E$/),
  'ssh-keyscan': hashingWhen(/^-[A-Za-z]*H[A-Za-z]*$/),
  htpasswd: hashingWhen(/./),
  mkpasswd: hashingWhen(/./),
});
