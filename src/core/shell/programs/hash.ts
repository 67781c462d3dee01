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
  if (DIGESTS.test(sub)) {
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

const NAMES = [
  'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum', 'sum', 'shasum', 'xxhsum',
  'xxh32sum', 'xxh64sum', 'xxh128sum', 'xxh3sum', 'b3sum', 'md5', 'sha1', 'sha256', 'sha512', 'rhash', 'gsha256sum', 'gmd5sum',
];

export const hashHandlers: Record<string, Handler> = {
  ...Object.fromEntries(NAMES.map((n) => [n, checksum])),
  openssl,
  certutil,
};
