// Option tables of the programs on the read list, from each program's manual (GNU
// coreutils, findutils, grep, diffutils, sed; ripgrep, jq, tree, file, less), plus the
// BSD spellings agents type on macOS. An option missing here leaves the command unproven
// (see option-table.ts); adding a read-only option is the way to win a false deny back.
// A table whose options are all `read` is pure, and a pure program stays a read with a word
// known only at run time (docs/DESIGN.md#shell-classification): list only read options for a
// program whose real manual has no option that writes, runs a program or changes system state.
import { defineOptions, type OptionTable } from './option-table.js';
import { lookupTable } from '../lookup-table.js';

const HV = '--help --version';

const CAT = defineOptions({
  read: `-A -b -e -E -n -s -t -T -u -v -l --show-all --number-nonblank --show-ends --number --squeeze-blank --show-tabs --show-nonprinting ${HV}`,
});

const LS = defineOptions({
  read:
    '-a -A -b -B -c -C -d -D -f -F -g -G -h -H -i -I: -k -l -L -m -n -N -o -p -q -Q -r -R -s -S -t -T: -u -U -v -w: -x -X -Z -1 -@ -e -O -P -W -% -, ' +
    '--all --almost-all --author --escape --block-size= --ignore-backups --color[=] --colour[=] --directory --dired --classify[=] --file-type ' +
    '--format= --full-time --group-directories-first --no-group --human-readable --si --dereference-command-line ' +
    '--dereference-command-line-symlink-to-dir --hide= --hyperlink[=] --indicator-style= --inode --ignore= --kibibytes --dereference ' +
    `--numeric-uid-gid --literal --hide-control-chars --show-control-chars --quote-name --quoting-style= --reverse --recursive --size --sort= --time= --time-style= --tabsize= --width= --context --zero ${HV}`,
});

export const HEAD = defineOptions({ read: `-c: -n: -q -v -z --bytes= --lines= --quiet --silent --verbose --zero-terminated ${HV}`, numeric: true });

export const TAIL = defineOptions({
  read: `-c: -f -F -n: -q -s: -v -z -r --bytes= --follow[=] --lines= --max-unchanged-stats= --pid= --quiet --silent --retry --sleep-interval= --verbose --zero-terminated ${HV}`,
  numeric: true,
});

const GREP = defineOptions({
  read:
    '-E -F -G -P -e: -f: -i -y -v -w -x -c -L -l -m: -o -q -s -b -H -h -n -T -Z -z -A: -B: -C: -a -D: -d: -I -r -R -U -V -u -O -S -p ' +
    '--extended-regexp --fixed-strings --basic-regexp --perl-regexp --regexp= --file= --ignore-case --no-ignore-case --invert-match --word-regexp ' +
    '--line-regexp --count --color[=] --colour[=] --files-without-match --files-with-matches --max-count= --only-matching --quiet --silent ' +
    '--no-messages --byte-offset --with-filename --no-filename --label= --line-number --initial-tab --null --null-data --after-context= ' +
    '--before-context= --context= --text --binary-files= --devices= --directories= --exclude= --exclude-from= --exclude-dir= --include= ' +
    `--recursive --dereference-recursive --line-buffered --binary --unix-byte-offsets ${HV}`,
  numeric: true,
});

const WC = defineOptions({ read: `-c -m -l -L -w --bytes --chars --lines --files0-from= --max-line-length --words --total= ${HV}` });

const DIFF = defineOptions({
  read:
    '-q -s -c -C: -u -U: -e -n -y -W: -p -F: -t -T -l -r -N -x: -X: -S: -i -E -Z -b -w -B -I: -a -D: -d -H -P ' +
    '--normal --brief --report-identical-files --context[=] --unified[=] --ed --rcs --side-by-side --width= --left-column ' +
    '--suppress-common-lines --show-c-function --show-function-line= --label= --expand-tabs --initial-tab --tabsize= --suppress-blank-empty ' +
    '--paginate --recursive --no-dereference --new-file --unidirectional-new-file --ignore-file-name-case --no-ignore-file-name-case ' +
    '--exclude= --exclude-from= --starting-file= --from-file= --to-file= --ignore-case --ignore-tab-expansion --ignore-trailing-space ' +
    '--ignore-space-change --ignore-all-space --ignore-blank-lines --ignore-matching-lines= --text --strip-trailing-cr --ifdef= ' +
    '--old-group-format= --new-group-format= --unchanged-group-format= --changed-group-format= --line-format= --old-line-format= ' +
    `--new-line-format= --unchanged-line-format= --minimal --horizon-lines= --speed-large-files --color[=] --palette= -v ${HV}`,
  numeric: true,
});

const CMP = defineOptions({ read: `-b -i: -l -n: -s --print-bytes --ignore-initial= --verbose --bytes= --quiet --silent -v ${HV}` });

export const FILE = defineOptions({
  read:
    '-b -c -d -E -e: -f: -F: -h -i -k -l -L -m: -N -n -0 -P: -r -s -S -z -Z -I -v --brief --checking-printout --debug --exclude= --exclude-quiet= ' +
    '--extension --files-from= --separator= --no-dereference --mime --mime-type --mime-encoding --keep-going --list --dereference --magic-file= ' +
    `--no-pad --no-buffer --print0 --parameter= --raw --special-files --no-sandbox --uncompress --uncompress-noreport --apple ${HV}`,
  // `-C` compiles the magic files into `*.mgc` in the working directory; `-p` resets access times.
  write: '-C --compile',
  unsafe: '-p --preserve-date',
});

const STAT = defineOptions({
  read: `-L -f -c: -t -F -l -n -q -r -s -x --dereference --file-system --format= --printf= --terse --cached= ${HV}`,
});

const DU = defineOptions({
  read:
    '-0 -a -B: -b -c -D -d: -H -h -k -L -l -m -P -S -s -t: -X: -x -g -A -I: -n ' +
    '--null --all --apparent-size --block-size= --bytes --total --dereference-args --max-depth= --files0-from= --human-readable --inodes ' +
    `--dereference --count-links --no-dereference --separate-dirs --si --summarize --threshold= --time[=] --time-style= --exclude-from= --exclude= --one-file-system ${HV}`,
});

const DF = defineOptions({
  read: `-a -B: -h -H -i -k -l -P -t: -T -x: -v -g -m -n --all --block-size= --human-readable --si --inodes --local --no-sync --sync --output[=] --portability --total --type= --print-type --exclude-type= ${HV}`,
});

export const TREE = defineOptions({
  read:
    '-a -d -l -f -x -L: -P: -I: -q -N -Q -p -u -g -s -h -D -F -v -t -c -U -r -i -A -S -n -C -X -J -H: -T: ' +
    '--gitignore --gitfile= --ignore-case --matchdirs --metafirst --prune --info --infofile= --noreport --charset= --filelimit= ' +
    '--timefmt= --si --du --inodes --device --dirsfirst --filesfirst --sort= --nolinks --hintro= --houtro= --fromfile --fromtabfile --fflinks ' +
    HV,
  abbrev: false,
  // `-R` re-runs tree on each directory at the -L limit and writes `00Tree.html` files there.
  write: '-o: -R',
});

/** jq's `--arg name value` style options take two words; jq's handler consumes them first. */
export const JQ = defineOptions({
  read:
    '-n -R -s -c -r -j -a -S -C -M -e -h -V -f: -L: --null-input --raw-input --slurp --compact-output --raw-output --raw-output0 --join-output ' +
    '--ascii-output --sort-keys --color-output --monochrome-output --tab --indent= --unbuffered --stream --stream-errors --seq --from-file= ' +
    `--exit-status --args --jsonargs --build-configuration --library-path= ${HV}`,
  abbrev: false,
});

export const LESS = defineOptions({
  read:
    '-? -a -A -b: -B -c -C -d -D: -e -E -f -F -g -G -h: -i -I -j: -J -K -L -m -M -n -N -p: -P: -q -Q -r -R -s -S -t: -T: -u -U -V -w -W -x: -X -y: -z: -": -~ -# ' +
    '--help --search-skip-screen --SEARCH-SKIP-SCREEN --auto-buffers --buffers= --clear-screen --CLEAR-SCREEN --dumb --quit-at-eof --QUIT-AT-EOF --force --quit-if-one-screen ' +
    '--hilite-search --HILITE-SEARCH --max-back-scroll= --ignore-case --IGNORE-CASE --jump-target= --status-column --quit-on-intr --no-lessopen ' +
    '--long-prompt --LONG-PROMPT --line-numbers --LINE-NUMBERS --pattern= --prompt= --quiet --silent --QUIET --SILENT --raw-control-chars ' +
    '--RAW-CONTROL-CHARS --squeeze-blank-lines --chop-long-lines --tag= --tag-file= --underline-special --UNDERLINE-SPECIAL --version ' +
    '--hilite-unread --HILITE-UNREAD --tabs= --no-init --max-forw-scroll= --window= --quotes= --tilde --shift= --mouse --MOUSE --wheel-lines= ' +
    '--use-color --color= --header= --incsearch --line-num-width= --no-keypad --no-histdups --no-number-headers --rscroll= --save-marks ' +
    '--status-col-width= --use-backslash --follow-name --exit-follow-on-close --file-size --redraw-on-quit --search-options= --wordwrap',
  // A log file copies the input; a lesskey file or `--lesskey-src` can bind keys to shell commands.
  write: '-o: -O: --log-file= --LOG-FILE=',
  unsafe: '-k: --lesskey-file= --lesskey-src= --lesskey-content= --editor=',
});

const WHICH = defineOptions({
  read: `-a -s -i -v -V --all --read-alias --skip-alias --read-functions --skip-functions --skip-dot --skip-tilde --show-dot --show-tilde --tty-only ${HV}`,
});

export const DATE = defineOptions({
  read: `-d: -f: -I:: -R -r: -u -j -n -v: --date= --file= --iso-8601[=] --rfc-email --rfc-2822 --rfc-3339= --reference= --utc --universal --debug --resolution ${HV}`,
  unsafe: '-s: --set=',
});

const RG = defineOptions({
  read:
    '-A: -B: -C: -c -e: -E: -f: -F -g: -H -h -i -I -j: -l -L -m: -M: -n -N -o -p -P -q -r: -s -S -t: -T: -u -U -v -V -w -x -0 -a -b -d: -. ' +
    '--after-context= --before-context= --context= --count --count-matches --regexp= --encoding= --file= --fixed-strings --glob= --iglob= ' +
    '--with-filename --no-filename --ignore-case --no-ignore-case --threads= --files-with-matches --files-without-match --follow --no-follow ' +
    '--max-count= --max-columns= --max-columns-preview --line-number --no-line-number --only-matching --pretty --pcre2 --no-pcre2 --quiet ' +
    '--replace= --case-sensitive --smart-case --type= --type-not= --type-add= --type-clear= --type-list --unrestricted --invert-match ' +
    '--word-regexp --line-regexp --null --null-data --text --byte-offset --max-depth= --hidden --no-hidden --binary --no-binary --block-buffered ' +
    '--line-buffered --color= --colors= --column --no-column --context-separator= --no-context-separator --crlf --no-crlf --debug --trace ' +
    '--dfa-size-limit= --engine= --field-context-separator= --field-match-separator= --files --heading --no-heading --ignore-file= ' +
    '--ignore-file-case-insensitive --include-zero --json --no-json --max-filesize= --mmap --no-mmap --multiline --no-multiline ' +
    '--multiline-dotall --no-config --no-ignore --no-ignore-dot --no-ignore-exclude --no-ignore-files --no-ignore-global --no-ignore-messages ' +
    '--no-ignore-parent --no-ignore-vcs --no-messages --no-require-git --one-file-system --passthru --path-separator= --regex-size-limit= ' +
    '--search-zip --no-search-zip --sort= --sortr= --stats --stop-on-nonmatch --trim --no-trim --vimgrep --auto-hybrid-regex --hyperlink-format= ' +
    `--ignore --ignore-dot --ignore-vcs --ignore-parent --ignore-global --ignore-exclude --ignore-messages --generate= --pcre2-version --no-unicode --unicode --help --version --glob-case-insensitive --no-pcre2-unicode --no-one-file-system`,
  // `--pre` runs a program on every file; `--hostname-bin` runs one to name the host.
  exec: '--pre= --pre-glob= --hostname-bin=',
  abbrev: false,
});

const AG = defineOptions({
  read:
    '-a -A: -B: -C: -c -D -f -F -g: -G: -H -i -l -L -m: -n -o -p: -Q -r -R -s -S -t -u -U -v -V -w -z -0 ' +
    '--ackmate --all-types --after= --before= --break --nobreak --color --nocolor --color-line-number= --color-match= --color-path= --column ' +
    '--context= --count --debug --depth= --file-search-regex= --files-with-matches --files-without-matches --filename --nofilename ' +
    '--follow --fixed-strings --group --nogroup --heading --noheading --hidden --ignore= --ignore-case --ignore-dir= --invert-match ' +
    '--line-numbers --list-file-types --literal --max-count= --multiline --nomultiline --numbers --nonumbers --one-device --only-matching ' +
    '--path-to-ignore= --print-long-lines --print0 --null --recurse --norecurse --search-binary --search-zip --silent --skip-vcs-ignores ' +
    `--smart-case --case-sensitive --stats --stats-only --unrestricted --vimgrep --word-regexp --workers= --width= ${HV} ` +
    '--affinity --noaffinity --nofollow --mmap --nommap --parallel --passthrough --passthru --all-text ' +
    // File-type filters (`ag --ts foo`).
    '--js --ts --python --ruby --go --rust --java --cc --cpp --csharp --html --css --scss --less --json --yaml --md --markdown --shell --sh --php --perl --lua --swift --kotlin --scala --sql --xml --make --cmake --docker --vue --elixir --haskell --clojure --erlang --tex',
  exec: '--pager=',
});

export const FD = defineOptions({
  read:
    '-H -I -u -s -i -g -F -a -l -L -p -0 -d: -t: -e: -E: -c: -j: -S: -o: -1 -q -h -V ' +
    '--hidden --no-hidden --no-ignore --ignore --no-ignore-vcs --ignore-vcs --no-require-git --no-ignore-parent --no-global-ignore-file ' +
    '--unrestricted --case-sensitive --ignore-case --glob --regex --fixed-strings --and= --absolute-path --relative-path --list-details --follow ' +
    '--no-follow --full-path --print0 --max-depth= --min-depth= --exact-depth= --prune --type= --extension= --exclude= --ignore-file= --color= ' +
    '--threads= --size= --changed-within= --changed-before= --newer= --older= --owner= --format= --base-directory= --path-separator= ' +
    '--search-path= --strip-cwd-prefix[=] --one-file-system --max-results= --quiet --show-errors --max-buffer-time= --hyperlink[=] --help --version',
  exec: '-x -X --exec --exec-batch --batch-size=',
  abbrev: false,
});

export const SED = defineOptions({
  read:
    '-n -e: -f: -l: -E -r -s -u -z -a --quiet --silent --debug --expression= --file= --follow-symlinks --line-length= --posix --regexp-extended ' +
    `--separate --sandbox --unbuffered --null-data --binary -b ${HV}`,
  write: '-i:: --in-place[=]',
});

export const SORT = defineOptions({
  read:
    '-b -d -f -g -i -M -h -n -R -r -V -c -C -m -s -u -z -k: -t: -S: ' +
    '--ignore-leading-blanks --dictionary-order --ignore-case --general-numeric-sort --ignore-nonprinting --month-sort --human-numeric-sort ' +
    '--numeric-sort --random-sort --random-source= --reverse --sort= --version-sort --batch-size= --check[=] --debug --files0-from= --key= ' +
    `--merge --stable --buffer-size= --field-separator= --parallel= --unique --zero-terminated ${HV}`,
  // Temporary files go to `-T DIR` while sorting.
  write: '-o: --output= -T: --temporary-directory=',
  exec: '--compress-program=',
});

export const UNIQ = defineOptions({
  read: `-c -d -D -f: -i -s: -u -z -w: --count --repeated --all-repeated[=] --skip-fields= --group[=] --ignore-case --skip-chars= --unique --zero-terminated --check-chars= ${HV}`,
  numeric: true,
});

// Small coreutils readers.
const CUT = defineOptions({
  read: `-b: -c: -d: -f: -n -s -z -w --bytes= --characters= --delimiter= --fields= --complement --only-delimited --output-delimiter= --zero-terminated ${HV}`,
});
const TR = defineOptions({ read: `-c -C -d -s -t --complement --delete --squeeze-repeats --truncate-set1 ${HV}` });
export const NL = defineOptions({
  read: `-b: -d: -f: -h: -i: -l: -n: -p -s: -v: -w: --body-numbering= --section-delimiter= --footer-numbering= --header-numbering= --line-increment= --join-blank-lines= --number-format= --no-renumber --number-separator= --starting-line-number= --number-width= ${HV}`,
});
const PASTE = defineOptions({ read: `-d: -s -z --delimiters= --serial --zero-terminated ${HV}` });
/** `join -o` is an output format, not a file. */
const JOIN = defineOptions({
  read: `-a: -e: -i -j: -o: -t: -v: -1: -2: -z --check-order --nocheck-order --header --ignore-case --zero-terminated ${HV}`,
});
const COMM = defineOptions({ read: `-1 -2 -3 -z --check-order --nocheck-order --output-delimiter= --total --zero-terminated ${HV}` });
const TAC = defineOptions({ read: `-b -r -s: --before --regex --separator= ${HV}` });
const REV = defineOptions({ read: '-0 -h -V --zero --help --version' });
const FOLD = defineOptions({ read: `-b -s -w: --bytes --spaces --width= ${HV}`, numeric: true });
const FMT = defineOptions({
  read: `-c -p: -s -t -u -w: -g: --crown-margin --prefix= --split-only --tagged-paragraph --uniform-spacing --width= --goal= ${HV}`,
  numeric: true,
});
const EXPAND = defineOptions({ read: `-i -t: --initial --tabs= ${HV}`, numeric: true });
const UNEXPAND = defineOptions({ read: `-a -t: --all --first-only --tabs= ${HV}` });
const OD = defineOptions({
  read: `-A: -j: -N: -S:: -t: -v -w:: -a -b -c -d -f -i -l -o -s -x -D -O -X -e -F -H -I -L -B -h --address-radix= --endian= --skip-bytes= --read-bytes= --strings[=] --format= --output-duplicates --width[=] --traditional ${HV}`,
});
/** BSD `base64 -o file` writes; `-i file` (BSD) names the input. */
const BASE64 = defineOptions({ read: `-d -D -i -w: -b: --decode --ignore-garbage --wrap= --input= ${HV}`, write: '-o: --output=' });
const SEQ = defineOptions({ read: `-f: -s: -w -t: --format= --separator= --equal-width ${HV}`, numeric: true });
const BASENAME = defineOptions({ read: `-a -s: -z --multiple --suffix= --zero ${HV}` });
const DIRNAME = defineOptions({ read: `-z --zero ${HV}` });
const REALPATH = defineOptions({
  read: `-e -m -L -P -q -s -z --canonicalize-existing --canonicalize-missing --logical --physical --quiet --relative-to= --relative-base= --strip --no-symlinks --zero ${HV}`,
});
const READLINK = defineOptions({
  read: `-f -e -m -n -q -s -v -z --canonicalize --canonicalize-existing --canonicalize-missing --no-newline --quiet --silent --verbose --zero ${HV}`,
});
const PWD = defineOptions({ read: `-L -P --logical --physical ${HV}` });
const UNAME = defineOptions({
  read: `-a -s -n -r -v -m -p -i -o --all --kernel-name --nodename --kernel-release --kernel-version --machine --processor --hardware-platform --operating-system ${HV}`,
});
export const ID = defineOptions({ read: `-a -Z -g -G -n -r -u -z -p -P --context --group --groups --name --real --user --zero ${HV}` });
const WHOAMI = defineOptions({ read: HV });
const NPROC = defineOptions({ read: `--all --ignore= ${HV}` });
const PRINTENV = defineOptions({ read: `-0 --null ${HV}` });
const SLEEP = defineOptions({ read: HV });

/** net-tools netstat (the BSD spellings overlap): it only lists. */
const NETSTAT = defineOptions({
  read:
    '-r -i -g -s -M -v -W -n -N -e -p -o -c -l -a -F -C -Z -t -u -w -x -4 -6 -A: -f: -I: -b -m -L -R -T -q: ' +
    '--route --interfaces --groups --statistics --masquerade --verbose --wide --numeric --numeric-hosts --numeric-ports --numeric-users ' +
    `--symbolic --extend --program --timers --continuous --listening --all --fib --cache --context --tcp --udp --udplite --sctp --raw --unix --protocol= --inet --inet6 -V --version -h --help`,
});

/** iproute2 ss: `-K` closes the sockets it matches; `-D` dumps raw information into a file. */
const SS = defineOptions({
  read:
    '-h --help -V --version -H --no-header -O --oneline -n --numeric -r --resolve -a --all -l --listening -o --options -e --extended -m --memory ' +
    '-p --processes -T --threads -i --info --tos --cgroup --tipcinfo -s --summary -E --events -Z --context -z --contexts -N: --net= -b --bpf -4 --ipv4 ' +
    '-6 --ipv6 -0 --packet -t --tcp -u --udp -d --dccp -w --raw -x --unix -S --sctp --vsock --xdp --inet-sockopt -M --mptcp --tipc -f: --family= ' +
    '-A: --query= --socket= -F: --filter= --bpf-maps --bpf-map-id= --no-queues',
  write: '-D: --diag=',
  unsafe: '-K --kill',
});

/**
 * procps top (and macOS `-l`): a read only in batch mode, where it takes no keystrokes
 * (interactive top can kill or renice processes and write its config file).
 */
export const TOP = defineOptions({
  read: '-b -c -E: -e: -H -i -n: -d: -O -o: -p: -S -s -u: -U: -w:: -1 -h -v -l: -F -R -a -f',
  numeric: false,
});

/** psmisc pstree: it only prints. */
const PSTREE = defineOptions({
  read: '-a -A -c -C: -g -G -h -H: -l -n -N: -p -s -S -t -T -u -U -V -Z --arguments --ascii --compact-not --color= --show-pgids --vt100 --highlight-all --highlight-pid= --long --numeric-sort --ns-sort= --show-pids --show-parents --ns-changes --thread-names --hide-threads --uid-changes --unicode --version --security-context',
});

/** Bash's `type` builtin. */
const TYPE = defineOptions({ read: '-a -f -P -p -t', abbrev: false });

/** Table by program name, for the plain readers (their handler is `readerHandler`). */
const DIFF3 = defineOptions({
  read: `-A --show-all -e --ed -E --show-overlap -3 --easy-only -x --overlap-only -X -i -m --merge -a --text --strip-trailing-cr -T --initial-tab -L: --label= ${HV} -v`,
  // The program that compares each pair.
  exec: '--diff-program=',
});

const SDIFF = defineOptions({
  read:
    '-i --ignore-case -E --ignore-tab-expansion -Z --ignore-trailing-space -b --ignore-space-change -W --ignore-all-space -B --ignore-blank-lines ' +
    `-I: --ignore-matching-lines= --strip-trailing-cr -a --text -w: --width= -l --left-column -s --suppress-common-lines -t --expand-tabs --tabsize= -d --minimal -H --speed-large-files ${HV} -v`,
  // `-o` merges interactively into a file.
  write: '-o: --output=',
  exec: '--diff-program=',
});

const SHUF = defineOptions({
  read: `-e --echo -i: --input-range= -n: --head-count= -r --repeat -z --zero-terminated --random-source= ${HV}`,
  write: '-o: --output=',
});

/** glibc iconv. */
const ICONV = defineOptions({
  read: `-f: --from-code= -t: --to-code= -c -l --list -s --silent --verbose --usage -? ${HV}`,
  write: '-o: --output=',
});

/** util-linux dmesg: `-c`/`-C` clear the kernel ring buffer, `-D`/`-E`/`-n` change console logging. */
const DMESG = defineOptions({
  read:
    '-H --human -T --ctime -t --notime -l: --level= -f: --facility= -k --kernel -u --userspace -x --decode -L:: --color[=] -r --raw -S --syslog ' +
    `-s: --buffer-size= -w --follow -W --follow-new -e --reltime -d --show-delta -P --nopager -p --force-prefix --time-format= --since= --until= -F: --file= -J --json ${HV} -V`,
  unsafe: '-c --read-clear -C --clear -D --console-off -E --console-on -n: --console-level=',
});

/** mlocate/plocate: queries the file-name database (`updatedb` builds it). */
const LOCATE = defineOptions({
  read:
    '-A --all -b --basename -c --count -d: --database= -e --existing -L --follow -i --ignore-case -l: --limit= -m --mmap -P --nofollow -H -0 --null ' +
    `-S --statistics -q --quiet -r: --regex= --regextype= -s --stdio -w --wholename -N --literal ${HV} -V -h`,
});

export const READER_TABLES = lookupTable<OptionTable>({
  __proto__: null,
  diff3: DIFF3,
  sdiff: SDIFF,
  shuf: SHUF,
  iconv: ICONV,
  dmesg: DMESG,
  locate: LOCATE,
  plocate: LOCATE,
  mlocate: LOCATE,
  cat: CAT,
  ls: LS,
  dir: LS,
  vdir: LS,
  head: HEAD,
  tail: TAIL,
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  zgrep: GREP,
  wc: WC,
  diff: DIFF,
  cmp: CMP,
  file: FILE,
  stat: STAT,
  du: DU,
  df: DF,
  tree: TREE,
  less: LESS,
  which: WHICH,
  type: TYPE,
  rg: RG,
  ag: AG,
  cut: CUT,
  tr: TR,
  nl: NL,
  paste: PASTE,
  join: JOIN,
  comm: COMM,
  tac: TAC,
  rev: REV,
  fold: FOLD,
  fmt: FMT,
  expand: EXPAND,
  unexpand: UNEXPAND,
  od: OD,
  base64: BASE64,
  base32: BASE64,
  seq: SEQ,
  basename: BASENAME,
  dirname: DIRNAME,
  realpath: REALPATH,
  readlink: READLINK,
  pwd: PWD,
  uname: UNAME,
  id: ID,
  whoami: WHOAMI,
  nproc: NPROC,
  printenv: PRINTENV,
  sleep: SLEEP,
  netstat: NETSTAT,
  pstree: PSTREE,
  ss: SS,
});
