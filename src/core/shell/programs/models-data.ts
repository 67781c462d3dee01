// The data of models.ts: one entry per program, from its manual (notation in models.ts and
// option-table.ts). Adding a program is one entry here and its lines in
// test/shell-corpus/benign/real-world/; options it has that stay unknown on purpose are in
// test/option-audit/unknown.txt with why.
import { lookupTable } from '../../lookup-table.js';

export interface Model {
  readonly solo?: string;
  readonly options?: string;
  readonly singleDash?: boolean;
  readonly numeric?: boolean;
  readonly require?: string;
  readonly operand?: RegExp;
  readonly maxOperands?: number;
  readonly check?: (names: ReadonlySet<string>) => boolean;
  /** Subcommand paths that are neither proven reads nor mutations, known for their help (`pulumi preview --help`). */
  readonly known?: string;
  /**
   * The repository configuration the program reads (found upward from the working folder by
   * its marker folder) and whether its text is safe: hooks, extensions, a pager or a diff tool
   * it names run with the read (a repository the agent may have made, as for git).
   */
  readonly repoConfig?: { readonly marker: string; readonly file: string; readonly safe: (text: string) => boolean };
  /** For `reads`: a path that reads only with one of these options (`install: '--list'`). */
  readonly pathRequire?: Readonly<Record<string, string>>;
  readonly global?: string;
  readonly reads?: Readonly<Record<string, string>>;
  readonly mutations?: string;
  readonly depth?: number;
  readonly bare?: boolean;
  readonly over?: 'packages' | 'system' | 'network' | 'files' | 'reads' | 'checks' | 'hash';
}

/**
 * pacman's query operation (`-Q…`) only reads; its sync operation reads only as a search, an
 * info or a list (`-Ss`, `-Si`, `-Sl`, `-Sg`), given nothing else: `-S x` installs, `-Sc` cleans
 * the cache even beside `-s`, `-Sy` refreshes the databases (not in the table, so unknown).
 */
function pacmanQuery(names: ReadonlySet<string>): boolean {
  // `pacman -S --help`: the usage of an operation.
  if (names.has('-h') || names.has('--help')) return true;
  if (names.has('-Q') || names.has('--query')) return !names.has('-S') && !names.has('--sync');
  if (!names.has('-S') && !names.has('--sync')) return false;
  for (const n of names)
    if (!['-S', '--sync', '-s', '--search', '-i', '--info', '-l', '--list', '-g', '--groups', '-q', '--quiet', '-a'].includes(n)) return false;
  return ['-s', '--search', '-i', '--info', '-l', '--list', '-g', '--groups'].some((n) => names.has(n));
}

/** Mercurial's repository config with no section but `[paths]`: `[hooks]`, `[extensions]`, `[pager]`, `[ui]` and `%include` can run programs. */
function hgrcSafe(text: string): boolean {
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t.startsWith('%')) return false;
    if (t.startsWith('[') && !/^\[paths\]$/.test(t)) return false;
  }
  return true;
}

/** jj's repository config: any setting may name a pager, a diff or merge tool, an editor. */
function emptyConfig(text: string): boolean {
  return text.split('\n').every((l) => l.trim() === '' || l.trim().startsWith('#'));
}

/** A program asked only its usage or version (`-V`, `-version`, `version`) and nothing else. */
const V = (solo: string): Model => ({ solo });

const JJ_LOG =
  '-r: --revisions= -n: --limit= --reversed --no-graph -T: --template= -p --patch -s --summary --stat --types --name-only --git --color-words -w --ignore-all-space -b --ignore-space-change --context= --from= --to= -f: -t: --revision= -a --all-remotes --tracked --conflicted --remote= --user --repo --include-defaults --include-overridden --name= -d --deleted';
const HG_GLOBAL = '-y --noninteractive -q --quiet -v --verbose --color= --debug --traceback --time --profile --hidden --pager=';
const HG_READ =
  '-r: --rev= -l: --limit= -G --graph -p --patch --stat -g --git -b: --branch= -k: --keyword= -u: --user= -d: --date= -M --no-merges -m --only-merges -f --follow --template= -T: --style= -a --all -c --change= -w -B -Z --ignore-all-space --ignore-space-change --ignore-blank-lines --unified= -U: --reverse -I: --include= -X: --exclude= -S --subrepos -n --number -s --summary --copies -C --modified --added --removed --deleted --clean --unknown --ignored --terse= --closed -t --topo --active --remote --print0 -0 --tags --bookmarks --id -i --num --line-number --changeset --file --ignore-space-at-eol';
const SVN_READ =
  '-r: --revision= -l: --limit= -v --verbose -q --quiet -u --show-updates --xml --diff --stop-on-copy --use-merge-history -g -c: --change= --summarize --depth= --non-recursive -N --show-item= --no-newline --incremental --search= --search-and= -x: --extensions= --ignore-properties --properties-only --show-copies-as-adds --notice-ancestry --patch-compatible --no-ignore --ignore-externals --git --internal-diff --include-externals --force';
const PULUMI_GLOBAL =
  '-h --help -C: --cwd= --color= --non-interactive --disable-integrity-checking -v: --verbose= --logtostderr -e --emoji --logflow -s: --stack=';
const PULUMI_READ =
  '--json -j --show-secrets --show-urls --show-ids --show-name --full-page -p: --page-size= --page= --full-dates --show-config --all -a -o: --organization= --project= -t: --tag= --path --transitive -i -u --show-urns -r: --resource= --since=';
const POETRY_GLOBAL = '-h --help -q --quiet -v --verbose --ansi --no-ansi -n --no-interaction --no-plugins --no-cache -V --version';
/** uv's resolver and index options: where it looks and what it prefers (a read still, with the options that keep uv.lock as it is). */
const UV_RESOLVE =
  '--index= --default-index= -i: --index-url= --extra-index-url= -f: --find-links= --no-index --index-strategy= --keyring-provider= --resolution= --prerelease= --fork-strategy= --exclude-newer= --no-sources --python= -p: --no-build-isolation --no-build --no-binary --only-binary --link-mode= --color= -v --verbose --no-progress --native-tls --no-python-downloads --no-config --no-build-isolation-package= --no-build-package= --no-binary-package= --no-cache -n';
const DOCTL_GLOBAL =
  '-h --help -o: --output= --format= --no-header -t: --access-token= -c: --config= --context= -u: --api-url= --trace -v --verbose --interactive=';
const DOCTL_READ = '--page= --per-page= --region= --tag-name=';
const GLAB_READ =
  '-R: --repo= -F: --output= -P: --per-page= -p: --page= -a: --assignee= -A: --author= -l: --label= -m: --milestone= -s: --state= --closed --merged --all -c --comments --draft --source-branch= --target-branch= -b: --branch= --live';
const NIX_READ =
  '--json --extra-experimental-features= --offline --raw --expr= -E: --impure --recursive -r --closure-size -S --size -s --human-readable -h --exclude= -e: --installable= --file= -f: --no-write-lock-file --read-only';
const PKG_QUERY =
  '-Q -q -i -l -o -s -e -d -t -m -n -u -k -g -c -p -b: --query --info --list --owns --search --explicit --deps --unrequired --foreign --native --upgrades --check --groups --changelog --quiet --dbpath= --color= --config= --noconfirm';
const DPKG_READ =
  '-l -L -S -s -p -c -I -W -f: --list --listfiles --search --status --print-avail --contents --info --show --showformat= --get-selections --print-architecture --print-foreign-architectures --compare-versions --audit -C --verify -V --admindir= --root= --no-pager --field';
const RPM_READ =
  '-q -a -i -l -f -c -d -p -R -V --query --all --info --list --file --configfiles --docfiles --package --requires --provides --whatrequires --whatprovides --changelog --scripts --last --qf= --queryformat= --verify --dump -s --state --triggers --conflicts --obsoletes --root= --dbpath= -v';

/**
 * flyctl (fly): what an app, its machines, volumes, releases and the platform are, asked of the
 * API. `ping`, `dig` and `doctor` go through a WireGuard peer flyctl makes for the organisation
 * (and keeps in its config) on first use: not reads. `auth token` prints the user's credential.
 */
const FLY: Model = {
  solo: 'version --version',
  global: '-j --json --verbose --debug -h --help',
  reads: {
    'status,version,apps list,apps releases,releases,history,info,machine list,machines list,machine status,machines status,logs,config show,config display,config env,config validate,regions list,ips list,ips private,secrets list,volumes list,volumes show,vol list,vol show,auth whoami,auth token,platform regions,platform vm-sizes,platform status,help':
      '-a: --app= -j --json --all --no-tail -q --quiet -i: --instance= -r: --region= --deployment --image --strict --host -n --name',
  },
};

export const MODELS: Readonly<Record<string, Model>> = lookupTable<Model>({
  __proto__: null,
  // ---- version control ----
  jj: {
    solo: 'version -V',
    global: '--ignore-working-copy --ignore-immutable --at-operation= --at-op= --debug --color= --quiet --no-pager',
    reads: {
      'log,st,status,diff,show,evolog,obslog,op log,operation log,op show,operation show,branch list,bookmark list,b list,file list,files,config list,config get,git remote list,workspace list,root,version,help,tag list,file show,cat,interdiff,op diff':
        JJ_LOG,
    },
    mutations:
      'new,commit,describe,desc,edit,abandon,squash,split,rebase,restore,duplicate,undo,redo,git push,git fetch,git import,git export,git init,git clone,init,bookmark create,bookmark set,bookmark delete,bookmark move,branch create,branch set,branch delete,branch move,config set,config edit,config unset,workspace add,workspace forget,op restore,op undo,op abandon,file chmod,file track,file untrack,resolve,absorb,backout,revert,fix,sign,unsign,next,prev,parallelize,simplify-parents,diffedit,metaedit',
    depth: 3,
    bare: true,
    repoConfig: { marker: '.jj', file: '.jj/repo/config.toml', safe: emptyConfig },
  },
  hg: {
    solo: 'version --version',
    global: HG_GLOBAL,
    reads: {
      'status,st,log,diff,summary,sum,branches,heads,id,identify,annotate,blame,paths,tags,parents,root,files,cat,config,showconfig,version,help,incoming,in,outgoing,out,manifest,tip,grep':
        HG_READ,
      'bookmarks#0,bookmark#0': HG_READ,
    },
    mutations:
      'commit,ci,push,pull,update,up,checkout,co,merge,rebase,add,remove,rm,forget,addremove,revert,backout,graft,strip,branch,tag,bookmark,bookmarks,clone,init,histedit,shelve,unshelve,amend,import,export,bundle,unbundle,serve,purge,rollback',
    depth: 1,
    repoConfig: { marker: '.hg', file: '.hg/hgrc', safe: hgrcSafe },
  },
  svn: {
    solo: '--version help',
    global: '--username= --password= --non-interactive --no-auth-cache --trust-server-cert',
    reads: { 'status,st,stat,info,log,diff,di,list,ls,blame,praise,annotate,ann,cat,help,proplist,pl,propget,pg,mergeinfo': SVN_READ },
    mutations:
      'commit,ci,update,up,checkout,co,add,delete,del,remove,rm,copy,cp,move,mv,merge,revert,resolve,resolved,switch,sw,import,export,mkdir,propset,ps,propdel,pd,propedit,pe,lock,unlock,cleanup,relocate,upgrade,patch',
    depth: 1,
  },
  fossil: {
    solo: 'version help',
    reads: {
      'status,changes,timeline,info,version,branch list,tag list,diff,ls,extras,help,finfo,whatis,cat':
        '-n: --limit= -v --verbose -R: -t: --type= -W: --width= --brief --unified -c: --context= -i -y --side-by-side --tk --numstat',
    },
    mutations:
      'commit,ci,update,checkout,co,open,close,add,rm,mv,revert,merge,push,pull,sync,clone,init,new,undo,redo,stash,branch new,tag add,tag cancel,ui,server',
  },
  glab: {
    solo: 'version --version',
    reads: {
      'mr list,mr view,mr diff,issue list,issue view,ci status,ci list,ci view,ci get,repo view,release list,release view,label list,auth status,variable list,config get':
        GLAB_READ,
      help: '',
    },
    mutations:
      'mr create,mr merge,mr close,mr approve,mr note,mr update,mr checkout,issue create,issue close,issue note,issue update,repo create,repo fork,repo clone,repo delete,release create,ci run,ci retry,ci cancel,auth login,config set,variable set,variable delete',
  },
  tig: V('--version -v'),
  bzr: V('--version version'),
  darcs: V('--version'),
  'git-lfs': V('version --version'),
  'git-crypt': V('version --version'),
  'git-cliff': V('--version -V'),
  delta: V('--version -V'),
  lazygit: V('--version -v'),
  'pre-commit': V('--version -V'),
  // ---- package managers (reads the packages family does not list; the rest is judged there) ----
  pacman: { over: 'packages', options: `${PKG_QUERY} -S --sync -h --help`, check: pacmanQuery, solo: '-V --version' },
  yay: { over: 'packages', options: `${PKG_QUERY} -a -S --sync`, check: pacmanQuery, solo: '-V --version' },
  paru: { over: 'packages', options: `${PKG_QUERY} -a -S --sync`, check: pacmanQuery, solo: '-V --version' },
  dpkg: {
    options: DPKG_READ,
    require:
      '-l -L -S -s -p -c -I -W --list --listfiles --search --status --print-avail --contents --info --show --get-selections --print-architecture --print-foreign-architectures --compare-versions --audit -C --verify -V',
    solo: '--version --help',
  },
  'dpkg-query': { options: DPKG_READ, solo: '--version --help' },
  'dpkg-architecture': {
    options:
      '-l -q: -e: -i: --list --query= --equal= --is= -a: --host-arch= -t: --host-type= -W --match-wildcard= -A: --target-arch= -T: --target-type= -L --list-known',
    solo: '--version --help',
  },
  'apt-cache': {
    solo: '--version --help',
    global:
      '-q -o: --option= -c: --config-file= -i --important --installed --no-all-versions --all-versions --full -n --names-only --recurse --no-pre-depends --no-depends --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances',
    reads: {
      'policy,show,search,depends,rdepends,madison,showpkg,showsrc,pkgnames,stats,dump,dumpavail,unmet,xvcg,dotty':
        '-n --names-only --full --installed --recurse -i --important --no-all-versions --all-versions',
    },
    mutations: 'gencaches',
  },
  'apt-mark': {
    solo: '--version --help',
    reads: { 'showmanual,showauto,showhold,showinstall,showremove,showpurge': '' },
    mutations: 'auto,manual,hold,unhold,minimize-manual,install,remove,purge',
  },
  'apt-config': { solo: '--version --help', reads: { 'dump,shell': '--empty --format=' } },
  rpm: { options: RPM_READ, require: '-q --query -V --verify', solo: '--version --help' },
  'nix-env': {
    over: 'packages',
    options:
      '-q --query -a --available --installed -s --status -c --compare-versions --json --xml --description --attr-path -P --no-name --out-path --drv-path -f: --file= --system --meta',
    require: '-q --query',
    solo: '--version --help',
  },
  'nix-store': {
    options:
      '-q --query --references --referrers --requisites -R --deriver --outputs --tree --graph --size --hash --roots --binding= --valid-derivers --include-outputs -l --read-log --verify-path --dump',
    require: '-q --query -l --read-log',
    solo: '--version --help',
  },
  'nix-channel': { options: '--list', require: '--list', solo: '--version --help' },
  'nix-instantiate': { options: '--eval -E --expr --strict --json --xml --parse --find-file', require: '--eval --parse --find-file', solo: '--version --help' },
  nix: {
    over: 'packages',
    operand: /^(?![./~]|path:|git\+file:|file:)/,
    reads: {
      'search,eval,path-info,show-config,config show,doctor,profile list,registry list,why-depends,store ping,store info,derivation show,show-derivation,log':
        NIX_READ,
      help: '',
    },
    depth: 2,
  },
  apptainer: {
    solo: 'version --version',
    reads: { 'cache list,inspect,version,help,key list,remote list,plugin list': '-a --all -T: --type= -v --verbose --json -j' },
  },
  singularity: { solo: 'version --version', reads: { 'cache list,inspect,version,help,key list,remote list': '-a --all -T: --type= -v --verbose --json -j' } },
  opam: {
    over: 'packages',
    reads: {
      'list,switch list,switch show,show,info,config list,config var,var,repo list,repository list,env,help':
        '--installed -i --short -s --columns= --field= --json= --all -A --depends-on= --required-by= --normalise --raw --safe --readonly',
    },
  },
  cargo: {
    over: 'packages',
    solo: '-Vv -vV --list',
    reads: {
      'install#0': '--list --root= -q --quiet -v --verbose --color=',
      owner: '-l --list --registry= --index= -q --quiet -v --verbose --color=',
      'search,help,version': '--limit= --registry= --index= -q --quiet -v --verbose --color=',
    },
    pathRequire: { install: '--list', owner: '-l --list' },
    known:
      'build,b,check,c,test,t,run,r,publish,add,remove,update,fetch,fix,doc,d,bench,clean,new,init,package,yank,login,logout,vendor,tree,metadata,info,generate-lockfile,locate-project,pkgid,report,rustc,rustdoc,uninstall,verify-project,config',
  },
  poetry: {
    over: 'packages',
    // cleo's application options, anywhere on the line (`-V` prints poetry's version whatever the command).
    global: POETRY_GLOBAL,
    reads: {
      'about,search,help,self show,env list,list,cache list,debug info,source show': '--full-path --addons --tree --latest --outdated',
      // `poetry version` alone prints the version; with a bump rule it writes pyproject.toml (--dry-run only prints it).
      'version#0': '-s --short --dry-run --next-phase',
      'config#1': '--list --local',
    },
    known:
      'add,remove,install,update,lock,build,publish,run,shell,show,init,new,check,sync,env use,env remove,env info,export,cache clear,self add,self remove,self update',
  },
  uv: {
    over: 'packages',
    global: '-q --quiet -v --verbose --color= --no-progress --offline --no-cache -n --native-tls --no-config --no-python-downloads',
    reads: {
      'cache dir#0,tool dir#0,python dir#0,self version#0,help': '--bin --output-format= -q --quiet -v --verbose --no-progress --offline',
      'pip tree': '-d: --depth= --prune= --package= --no-dedupe --invert --reverse --show-version-specifiers --strict --python= -p: --system -q --quiet',
      export: `--frozen --format= --no-hashes --no-dev --only-dev --all-extras --extra= --group= --no-group= --only-group= --all-groups --no-header --no-editable --package= --all-packages --prune= -q --quiet --offline --no-emit-project --no-emit-workspace --no-extra= --no-emit-package= --locked ${UV_RESOLVE}`,
      // `--dry-run` resolves and reports what would change without writing uv.lock (uv's manual).
      lock: `--check --locked --dry-run --offline -q --quiet ${UV_RESOLVE}`,
    },
    pathRequire: { export: '--frozen', lock: '--check --locked --dry-run' },
    known:
      'add,remove,sync,run,init,build,publish,venv,pip install,pip uninstall,pip compile,pip sync,tool install,tool run,tool uninstall,python install,python uninstall,cache clean,cache prune,self update',
  },
  conda: {
    over: 'packages',
    reads: {
      config: '--show --show-sources --describe --get --validate -v --verbose -q --quiet --json --env --system --file=',
      'env export#0': '--no-builds --from-history -n: --name= -p: --prefix= --json --override-channels',
      help: '',
    },
    // `--get KEY` prints a setting and `--validate` checks them; `--set`, `--add` and `--remove` change them.
    pathRequire: { config: '--show --show-sources --describe --get --validate' },
  },
  gem: {
    over: 'packages',
    reads: { 'outdated#0,dependency,help,specification': '-r --remote -l --local -v: --version= -R --reverse-dependencies -p --pipe --platform= --all' },
  },
  dotnet: {
    over: 'packages',
    reads: {
      'nuget locals#1': '-l --list',
      'sln list,tool list,workload list,new list,sdk check,nuget list source': '-g --global --local --tool-path= --format= -v: --verbosity=',
    },
    pathRequire: { 'nuget locals': '-l --list' },
    depth: 3,
  },
  brew: {
    over: 'packages',
    solo: '--prefix --repository --repo --cellar --cache --caskroom --version',
    reads: {
      'services list,missing,log,cat,commands,help,tap-info': '--oneline -1 -n: --max-count= --json --installed --include-aliases --quiet -q -v --verbose',
      'tap#0': '',
    },
  },
  'apt-get': {
    over: 'packages',
    reads: {
      'install,upgrade,dist-upgrade,full-upgrade,remove,purge,autoremove,build-dep':
        '-s --simulate --just-print --dry-run --recon --no-act -y --yes -q --quiet --no-install-recommends --install-recommends -V --verbose-versions -t: --target-release= --only-upgrade -f --fix-broken',
    },
    global: '-s --simulate --just-print --dry-run --recon --no-act -q --quiet',
    pathRequire: {
      install: '-s --simulate --just-print --dry-run --recon --no-act',
      upgrade: '-s --simulate --just-print --dry-run --recon --no-act',
      'dist-upgrade': '-s --simulate --just-print --dry-run --recon --no-act',
      'full-upgrade': '-s --simulate --just-print --dry-run --recon --no-act',
      remove: '-s --simulate --just-print --dry-run --recon --no-act',
      purge: '-s --simulate --just-print --dry-run --recon --no-act',
      autoremove: '-s --simulate --just-print --dry-run --recon --no-act',
      'build-dep': '-s --simulate --just-print --dry-run --recon --no-act',
    },
  },
  bun: { over: 'packages', reads: { 'pm ls,pm list,pm hash-string,pm bin,pm cache#0': '--all -g --global' } },
  dnf: { over: 'packages', reads: { 'history#0,history list,history info': '--reverse -q --quiet -C --cacheonly' } },
  gpg: {
    over: 'hash',
    options: '-k -K --list-keys --list-public-keys --list-secret-keys --with-colons --keyid-format= --list-options= --with-subkey-fingerprint --with-keygrip',
    require: '-k -K --list-keys --list-public-keys --list-secret-keys',
  },
  // ---- cloud and infrastructure ----
  pulumi: {
    solo: 'version --version',
    global: PULUMI_GLOBAL,
    reads: {
      'about,version,whoami,stack#0,stack ls,stack output,stack history,config#0,config get,plugin ls,org get-default,logs,help,policy ls,policy group ls,env ls,schema check':
        PULUMI_READ,
      // `--version N`: the deployment version to print (`--file` would write it).
      'stack export': `${PULUMI_READ} --version=`,
    },
    mutations:
      'up,update,destroy,refresh,import,cancel,login,logout,new,stack init,stack rm,stack select,stack rename,stack import,stack tag,config set,config rm,config cp,config env,plugin install,plugin rm,state delete,state move,state unprotect,state rename,watch,install',
    // `pulumi preview` runs the project's program.
    known: 'preview',
    depth: 2,
    bare: true,
  },
  doctl: {
    solo: 'version --version',
    global: DOCTL_GLOBAL,
    reads: {
      'version,account get,account ratelimit,balance get,compute droplet list,compute droplet get,compute region list,compute size list,compute image list,compute domain list,compute domain records list,compute ssh-key list,compute volume list,compute firewall list,compute load-balancer list,compute snapshot list,compute tag list,kubernetes cluster list,kubernetes cluster get,kubernetes options versions,apps list,apps get,apps list-deployments,databases list,databases get,registry get,registry repository list,projects list,vpcs list,invoice list,auth list,help':
        DOCTL_READ,
      // Listings and gets of the other groups (doctl's reference); their other actions change resources.
      '1-click list,billing-history list,monitoring alert list,monitoring alert get,monitoring uptime list,monitoring uptime get,apps get-deployment,apps list-alerts,apps list-regions,apps logs,apps spec get,apps spec validate,apps tier list,apps tier get,apps tier instance-size list,apps tier instance-size get,invoice get,invoice summary,kubernetes 1-click list,projects get,projects resources list,projects resources get,registry options available-regions,registry options subscription-tiers,registry repository list-tags,registry repository list-manifests,registry repository list-v2,vpcs get,compute action list,compute action get,compute cdn list,compute cdn get,compute certificate list,compute certificate get,compute droplet actions,compute droplet backups,compute droplet kernels,compute droplet neighbors,compute droplet snapshots,compute droplet-action get,compute domain get,compute firewall get,compute image get,compute image list-distribution,compute image list-application,compute image list-user,compute image-action get,compute load-balancer get,compute reserved-ip list,compute reserved-ip get,compute snapshot get,compute ssh-key get,compute tag get,compute volume get,compute volume-action list,compute volume-action get,databases backups,databases connection,databases user list,databases user get,databases db list,databases db get,databases pool list,databases pool get,databases replica list,databases replica get,databases firewalls list,databases maintenance-window get,databases sql-mode get,databases options engines,databases options regions,databases options slugs,databases options versions,databases configuration get,databases events list': `${DOCTL_READ} --type= --public --private --deployment= --follow --tail= --spec= --schema-only --app-type=`,
    },
    mutations:
      'compute droplet create,compute droplet delete,compute domain create,compute domain delete,kubernetes cluster create,kubernetes cluster delete,apps create,apps delete,apps update,databases create,databases delete,registry create,registry delete,auth init,auth switch,auth remove,registry login,kubernetes cluster kubeconfig',
    depth: 4,
  },
  gsutil: {
    solo: 'version --version',
    reads: { 'ls,du,cat,stat,version,help': '-l -L -r -R -a -b -d -h -s -c -e -p:' },
    mutations: 'cp,mv,rm,rsync,mb,rb,setmeta,acl,iam,defacl,lifecycle,notification,retention,web,versioning,label,cors,logging',
  },
  heroku: {
    solo: '--version version',
    reads: {
      'apps,apps:info,ps,releases,config,addons,domains,logs,status,whoami,auth:whoami,help':
        '-a: --app= -r: --remote= -j --json -n: --num= -t: --tail -s: --shell --space= --team= -A --all -p --personal --columns= --csv --extended -x --filter= --no-header --no-truncate --output= --sort= -d: --dyno= --source= --force-colors --nested-commands',
    },
    mutations: 'create,destroy,apps:destroy,config:set,config:unset,ps:scale,restart,run,addons:create,addons:destroy,login,logout',
    depth: 1,
  },
  fly: FLY,
  flyctl: FLY,
  consul: {
    solo: 'version --version',
    singleDash: true,
    reads: {
      'members,version,info,catalog services,catalog nodes,catalog datacenters,kv get,operator raft list-peers':
        '--detailed --recurse --keys --http-addr= --datacenter= --format= --wan --stale',
    },
  },
  nomad: {
    solo: 'version --version',
    singleDash: true,
    reads: {
      'status,version,job status,node status,server members,alloc status,job inspect,eval status':
        '--verbose --json --short --self --address= --region= --namespace=',
    },
  },
  packer: {
    solo: 'version --version -v',
    singleDash: true,
    reads: { 'version,validate,inspect,help': '--syntax-only --machine-readable --evaluate-datasources --no-warn-undeclared-var' },
  },
  minikube: {
    solo: 'version',
    // logs, ssh-key and ssh-host print what the cluster and its machine hold; options lists the global options.
    reads: {
      'status,version,profile list,ip,addons list,addons images,service list,image ls,image list,logs,ssh-key,ssh-host,options,help':
        '-p: --profile= -o: --output= --short --components --format= -f: -l: --layout= -n: --node= -w: --watch[=] --length= --problems --follow --last-start-only',
    },
    mutations: 'start,stop,delete,pause,unpause,addons enable,addons disable,ssh,mount,tunnel,dashboard,service,image load,cp,kubectl',
  },
  kind: {
    solo: 'version',
    reads: { 'version,get clusters,get nodes,get kubeconfig,help': '--name= -q --quiet --internal -A --all' },
    mutations: 'create cluster,delete cluster,delete clusters,load docker-image,load image-archive,export logs,export kubeconfig,build node-image',
  },
  k9s: V('version --version'),
  skaffold: V('version'),
  argocd: { solo: 'version', reads: { version: '--client --short -o: --output=' } },
  istioctl: { solo: 'version', reads: { version: '--remote= --short -o: --output=' } },
  eksctl: {
    solo: 'version',
    reads: {
      'get cluster,get clusters,get nodegroup,get nodegroups,get iamserviceaccount,version,info': '--region= -r: --name= -n: --cluster= -c: -o: --output=',
    },
  },
  kustomize: { solo: 'version', reads: { 'build,version,cfg tree,cfg cat': '--load-restrictor= --reorder=' } },
  stern: V('--version'),
  kubectx: V('--help -h -c --current'),
  kubens: V('--help -h -c --current'),
  crictl: {
    solo: 'version --version',
    reads: {
      'ps,pods,images,img,version,info,inspect,inspecti,inspectp,logs,stats,statsp':
        '-a --all -q --quiet -o: --output= --name= --namespace= --state= --label= --no-trunc -v --verbose --tail= --since= -t --timestamps -l --latest --last=',
    },
  },
  ctr: V('version --version -v'),
  nerdctl: {
    solo: 'version --version',
    reads: { 'ps,images,version,info,inspect,logs,network ls,volume ls,compose ps': '-a --all -q --quiet --format= --no-trunc -n: --last=' },
  },
  lxc: {
    solo: 'version --version',
    reads: {
      'list,ls,info,version,image list,remote list,network list,storage list,profile list,config show':
        '--format= -c: --columns= --all-projects --project= -f:',
    },
  },
  virsh: {
    solo: 'version --version -v',
    reads: {
      'list,dominfo,domstate,net-list,pool-list,vol-list,capabilities,nodeinfo,version,dumpxml,domifaddr,help':
        '--all --inactive --name --uuid --state-running --state-shutoff --table --details',
    },
  },
  vagrant: V('--version version -v'),
  'docker-compose': {
    solo: 'version --version -v',
    global: '-f: --file= -p: --project-name= --project-directory= --env-file= --profile= --ansi= --no-ansi --verbose',
    reads: {
      // convert: compose v2's alias of config.
      'ps,config,convert,images,logs,top,version,ls,port':
        '-a --all -q --quiet --services --volumes --format= --tail= --no-color -t --timestamps --since= --until= --no-log-prefix ' +
        // docker-compose(1): filters and what config prints (--resolve-image-digests asks the registry, and writes nothing).
        '--filter= --status= --index= --protocol= --short --hash= --images --profiles --no-interpolate --no-normalize --resolve-image-digests',
    },
  },
  // ---- system ----
  crontab: { options: '-l -u:', require: '-l', operand: /^$/ },
  atq: { options: '-q: -V' },
  at: { options: '-l -q: -V', require: '-l', operand: /^\d+$/ },
  sysctl: { options: '-a -A -X -n -N -e -q -b -o -x -r: --all --values --names --pattern= --binary --ignore -d', operand: /^[^=]+$/ },
  chage: { options: '-l -i --list --iso8601', require: '-l --list' },
  lastlog: { options: '-b: -t: -u: --before= --time= --user=' },
  quota: {
    options:
      '-s -v -q -u -g -l -w -p -Q -A --human-readable --verbose --quiet --user --group --local-only --no-wrap --raw-grace --all-nfs --show-mntpoint --hide-device',
  },
  swapon: { options: '-s --show[=] --summary --bytes --noheadings --raw --output-all', require: '-s --show --summary', operand: /^$/ },
  zramctl: { options: '-b -n -o: -r --bytes --noheadings --output= --output-all --raw', operand: /^$/ },
  mount: { options: '-l -t: --show-labels --types=', operand: /^$/ },
  findmnt: {
    options:
      '-a -A -b -c -D -d: -e -F: -f -i -J -k -l -M: -m -n -N: -O: -o: -P -p -R -r -S: -s -T: -t: -U -u -v -x -y --all --ascii --bytes --canonicalize --df --direction= --evaluate --tab-file= --first-only --invert --json --kernel --list --mountpoint= --mtab --noheadings --task= --options= --output= --output-all --pairs --real --raw --pseudo --source= --fstab --target= --types= --notruncate --nofsroot --verify --verbose --shadowed --tree --uniq',
  },
  blkid: {
    options:
      '-o: -s: -t: -l -L: -U: -d -i -k -p -u: -n: --output= --match-tag= --match-token= --list-one --label= --uuid= --no-encoding --info --list-filesystems --probe --usages= --match-types=',
  },
  lsmod: { options: '' },
  modinfo: { options: '-a -d -l -p -n -F: -k: -b: -0 --author --description --license --parameters --filename --field= --null --basedir=' },
  lspci: { options: '-m -t -v -k -x -b -D -P -n -q -s: -d: -M -i: -A: -H: -Q -J' },
  lsusb: { options: '-v -s: -d: -D: -t -V --verbose --tree --version' },
  lshw: { options: '--short --businfo --class= --C= --html --xml --json --numeric --quiet --sanitize --notime --disable= --enable=', singleDash: true },
  dmidecode: { options: '-d: -q -s: -t: -u -H: --dev-mem= --quiet --string= --type= --dump --handle= --oem-string= --no-sysfs --no-quirks' },
  sensors: { options: '-A -u -j -f --no-adapter --fahrenheit -c: --config-file= --bus-list' },
  inxi: { options: '-A -b -B -C -d -D -E -f -F -G -i -I -j -J -l -L -m -M -n -N -o -p -P -r -R -s -S -t -u -v: -x -z -Z -c: -y:' },
  fuser: { options: '-a -m -M -n: -s -u -v -4 -6 --all --mount --ismountpoint --namespace= --silent --user --verbose' },
  ethtool: {
    options:
      '-a -c -g -i -k -S -T -P -m --show-pause --show-coalesce --show-ring --driver --show-features --statistics --show-time-stamping --show-permaddr --module-info --show-eee --show-fec --json',
    operand: /^[\w.@:-]+$/,
    maxOperands: 1,
  },
  arp: { options: '-a -n -e -v -i: -H: --all --numeric --verbose --device= --hw-type=' },
  route: { options: '-n -e -v -F -C -4 -6 -A: --numeric --extend --verbose --fib --cache', operand: /^$/ },
  ifconfig: { options: '-a -s -v -l', operand: /^[\w.@:-]+$/, maxOperands: 1 },
  iwconfig: { options: '', operand: /^[\w.@:-]+$/, maxOperands: 1 },
  iw: { solo: '--version help', reads: { 'dev#0,list#0,phy#0,reg get#0,dev info#0': '' } },
  iptables: {
    options: '-L -S -n -v -x -t: --list --list-rules --numeric --verbose --exact --table= --line-numbers -w --wait[=]',
    require: '-L -S --list --list-rules',
  },
  ip6tables: {
    options: '-L -S -n -v -x -t: --list --list-rules --numeric --verbose --exact --table= --line-numbers -w --wait[=]',
    require: '-L -S --list --list-rules',
  },
  nft: {
    global: '-a -n -j -s -t -y --handle --numeric --json --stateless --terse',
    reads: { 'list ruleset,list tables,list table,list chains,list chain,list sets,list set,list counters,list maps': '-a -n -j -s -t -y' },
    solo: '--version -v',
  },
  ufw: { solo: 'version --version', reads: { 'status,show,version,app list,app info': '' } },
  nmcli: {
    global: '-t --terse -p --pretty -f: --fields= -g: --get-values= -c: --colors= -e: --escape= -m: --mode=',
    reads: {
      'general#0,general status#0,device#0,device status#0,device show#1,dev status#0,dev show#1,connection show,con show,c show,radio#0,networking connectivity#1,device wifi list#0':
        '--active --order=',
    },
    solo: '--version -v',
  },
  networkctl: {
    solo: '--version',
    reads: { 'list,status,lldp,label': '-a --all -s --stats -l --full -n: --lines= --no-pager --no-legend --json=' },
    bare: true,
  },
  resolvectl: {
    solo: '--version',
    reads: {
      'status,query,statistics,dns#1,domain#1,nta#1,llmnr#1,mdns#1,dnssec#1,dnsovertls#1,monitor,show-cache,show-server-state':
        '-4 -6 -i: --interface= -t: --type= -c: --class= --legend= --no-pager --json= --cache= --zone= --search=',
    },
    bare: true,
    depth: 1,
  },
  loginctl: {
    solo: '--version',
    reads: {
      'list-sessions,session-status,show-session,list-users,user-status,show-user,list-seats,seat-status,show-seat':
        '-a --all -p: --property= --value -l --full --no-pager --no-legend -j --json= -o: --output= -n: --lines=',
    },
    bare: true,
    depth: 1,
  },
  localectl: {
    solo: '--version',
    reads: { 'status,list-locales,list-keymaps,list-x11-keymap-models,list-x11-keymap-layouts': '--no-pager' },
    bare: true,
    depth: 1,
  },
  busctl: {
    solo: '--version',
    reads: { 'list,status,tree,introspect': '--no-pager --no-legend -l --full --unique --acquired --activatable --show-machine --user --system --json=' },
    depth: 1,
  },
  'systemd-analyze': {
    solo: '--version',
    reads: {
      'time,blame,critical-chain,verify,security,calendar,timespan,timestamp,dump,unit-paths,cat-config,syscall-filter,condition':
        '--user --system --no-pager --fuzz= --man= --generators=',
    },
    bare: true,
    depth: 1,
  },
  coredumpctl: {
    solo: '--version',
    reads: { 'list,info': '-r --reverse -S: --since= -U: --until= -F: --field= -1 --no-pager --no-legend -q --quiet -j --json=' },
    bare: true,
    depth: 1,
  },
  tmux: {
    solo: '-V',
    reads: {
      'ls,list-sessions,list-windows,list-panes,list-clients,list-buffers,list-keys,list-commands,show-options,show-environment,info,has-session':
        '-a -F: -f: -t: -s -g -w -v -q',
    },
  },
  screen: { options: '--ls --list --v', singleDash: true, require: '--ls --list --v', operand: /^[\w.-]+$/ },
  mpstat: { options: '-A -I: -N: -P: -n -o: -u -T --dec= -H' },
  pidstat: { options: '-d -H -h -I -l -R -r -s -t -U -u -v -w -C: -G: -p: -T: --dec= --human' },
  sar: { options: '-A -B -b -d -F -H -h -I: -m: -n: -P: -p -q -r -S -u -v -W -w -y -i: -s: -e: -t --dec= --human' },
  // ---- developer tools: version and help ----
  cmake: {
    over: 'system',
    options:
      '--help-command-list --help-module-list --help-property-list --help-variable-list --help-policy-list --help-manual-list --help-command= --help-module= --help-property= --help-variable= --help-policy= --help-manual=',
    require:
      '--help-command-list --help-module-list --help-property-list --help-variable-list --help-policy-list --help-manual-list --help-command --help-module --help-property --help-variable --help-policy --help-manual',
    operand: /^$/,
  },
  javap: V('-version --version'),
  jshell: V('--version -version'),
  ant: V('-version -help'),
  ld: V('--version -v -V'),
  as: V('--version'),
  'pkg-config': {
    options:
      '--modversion --version --cflags --libs --cflags-only-I --cflags-only-other --libs-only-l --libs-only-L --libs-only-other --list-all --list-package-names --exists --atleast-version= --exact-version= --max-version= --variable= --print-variables --print-requires --print-requires-private --print-provides --static --short-errors --print-errors --silence-errors --errors-to-stdout --uninstalled --atleast-pkgconfig-version= --validate --define-variable= --define-prefix --dont-define-prefix --prefix-variable= --msvc-syntax --debug',
  },
  ldd: { options: '-v -u -d -r --verbose --unused --data-relocs --function-relocs' },
  nm: {
    options:
      '-a -A -B -C -D -f: -g -j -l -n -o -p -P -r -S -s -t: -u -U -v -V --debug-syms --print-file-name --demangle[=] --no-demangle --dynamic --format= --extern-only --line-numbers --numeric-sort --no-sort --portability --reverse-sort --print-size --print-armap --size-sort --special-syms --synthetic --radix= --undefined-only --defined-only --with-symbol-versions --without-symbol-versions',
  },
  objdump: {
    options:
      '-a -d -D -f -h -x -p -P: -r -R -s -S -t -T -g -e -G -W -C -l -F -w -z -j: -M: -b: -m: --archive-headers --disassemble[=] --disassemble-all --file-headers --section-headers --all-headers --private-headers --reloc --dynamic-reloc --full-contents --source --syms --dynamic-syms --debugging --stabs --demangle[=] --line-numbers --file-offsets --wide --section= --disassembler-options= --no-show-raw-insn --show-raw-insn --start-address= --stop-address= --dwarf[=] --visualize-jumps[=] --target= --architecture=',
  },
  size: { options: '-A -B -G -d -o -x -t --format= --radix= --totals --common' },
  strace: V('-V --version -h'),
  ltrace: V('-V --version -h'),
  perf: V('--version version'),
  valgrind: V('--version --help'),
  gopls: V('version'),
  dlv: V('version'),
  staticcheck: V('-version -h'),
  'rust-analyzer': V('--version -V'),
  esbuild: V('--version'),
  vite: V('--version -v'),
  webpack: V('--version -v'),
  rollup: V('--version -v'),
  next: V('--version -v'),
  nx: V('--version'),
  turbo: V('--version'),
  lerna: V('--version'),
  'ts-node': V('--version -v'),
  tsx: V('--version -v'),
  swc: V('--version'),
  babel: V('--version -V'),
  shfmt: {
    options:
      '-d -l -i: -p -s --diff --list --indent= --language-dialect= --posix --binary-next-line --case-indent --space-redirects --keep-padding --func-next-line --simplify --minify --find',
    solo: '--version -version',
  },
  buf: V('--version'),
  protoc: V('--version'),
  buck2: V('--version'),
  'sphinx-build': V('--version'),
  mkdocs: V('--version -V'),
  hugo: V('version'),
  jekyll: V('--version -v'),
  doxygen: V('--version -v'),
  ctags: V('--version'),
  mix: V('--version'),
  octave: V('--version -v'),
  cloc: {
    options:
      '--quiet --by-file --by-file-by-lang --csv --json --yaml --md --exclude-dir= --exclude-lang= --include-lang= --exclude-ext= --include-ext= --no-autogen --skip-uniqueness --hide-rate --diff --follow-links --max-file-size= --fullpath --not-match-d= --match-d= --not-match-f= --match-f= --timeout= --categorized= --counted= --ignored=',
    solo: '--version --help',
  },
  tokei: {
    options:
      '-e: --exclude= -f --files -l --languages -o: --output= -s: --sort= -t: --type= -C --compact --hidden --no-ignore --no-ignore-parent --no-ignore-dot --no-ignore-vcs -V --verbose -n: --num-format=',
    solo: '--version -V',
  },
  scc: {
    options:
      '--no-cocomo --no-complexity --no-duplicates --by-file -f: --format= -s: --sort= --exclude-dir= -i: --include-ext= -x: --exclude-ext= --no-gitignore --no-ignore --wide -w --ci',
    solo: '--version -v',
  },
  hyperfine: V('--version -V'),
  watchexec: V('--version -V'),
  entr: V('-v'),
  just: {
    options: '-l --list --summary --dump --variables --show= -s: --unsorted -u --list-heading= --list-prefix= --list-submodules --groups',
    require: '-l --list --summary --dump --variables --show -s --groups',
    solo: '--version -V',
  },
  task: V('--version'),
  direnv: { solo: '--version version', reads: { 'status,version,help': '--json' } },
  code: {
    options: '--list-extensions --show-versions --category= --version -v --status --locate-shell-integration-path=',
    require: '--list-extensions --version -v --status',
  },
  vim: V('--version'),
  nvim: V('--version -v'),
  emacs: V('--version'),
  nano: V('--version -V'),
  fish: V('--version -v'),
  // ---- files and text ----
  '7z': { solo: '--help -h i', reads: { 'l,t,i,h': '' } },
  unrar: { solo: '-? --help', reads: { 'l,lb,lt,lta,v,vb,vt,vta,t': '' } },
  zstd: {
    over: 'files',
    options: '-l -t -c -d --list --test --stdout --decompress -q -v --quiet --verbose -T: --no-progress',
    require: '-l -t --list --test -c --stdout',
    solo: '--version -V -h -H --help',
  },
  zstdcat: { options: '-q -v -T: --no-progress', solo: '--version -V -h --help' },
  lz4cat: { options: '-q -v', solo: '--version -V -h --help' },
  csvlook: {
    options:
      '-d: -t -q: -u: -b -p: -z: -e: -S -H -K: -v -l --delimiter= --tabs --quotechar= --quoting= --doublequote --escapechar= --maxfieldsize= --encoding= --locale= --blanks --date-format= --datetime-format= --no-header-row --skip-lines= --linenumbers --max-rows= --max-columns= --max-column-width= --no-number-ellipsis --no-inference -I',
    solo: '--version -V -h --help',
  },
  csvstat: {
    options:
      '-d: -t -q: -e: -H -K: -c: --columns= --csv --json --indent= --type --nulls --non-nulls --unique --min --max --sum --mean --median --stdev --len --max-precision --freq --freq-count= --count --no-inference -I -y: --snifflimit= --decimal-format= --no-grouping-separator',
    solo: '--version -V -h --help',
  },
  mlr: {
    options:
      '--icsv --ocsv --csv --itsv --otsv --tsv --ijson --ojson --json --ixtab --oxtab --xtab --inidx --onidx --pprint --opprint --ipprint --imd --omd --c2p --c2j --c2t --t2c --t2j --j2c --j2t --c2m --barred --implicit-csv-header --headerless-csv-output --ifs= --ofs= --ips= --ops= --irs= --ors= -n --from=',
    operand: /^(?:cat|head|tail|count|[^-$].*\.(?:csv|tsv|json|txt))$/,
    solo: '--version',
  },
  miller: V('--version'),
  xsv: {
    solo: '--version -h --help',
    reads: {
      'headers,count,stats,select,search,slice,table,frequency,sample,sort,index --help,flatten':
        '-d: --delimiter= -n --no-headers -s: --select= -i --ignore-case --everything --cardinality --median --mode -l: --limit= -j: --jobs= -R --reverse -N --numeric -c: --condense= -w: --width= -p: --pad= -a --asc -i: --start= --end= --len=',
    },
  },
  qsv: {
    solo: '--version -h --help',
    reads: {
      'headers,count,stats,select,search,slice,table,frequency,sample,sort,sniff,flatten':
        '-d: --delimiter= -n --no-headers -s: --select= -i --ignore-case --everything -l: --limit= -R --reverse -N --numeric',
    },
  },
  dasel: {
    options: '-f: --file= -r: --read= -w: --write= --plain -m --multiple -s: --selector= --pretty --compact --colour --color --null',
    require: '-f --file',
    operand: /^(?!put$|delete$)/,
    solo: '--version -v',
  },
  gron: { options: '-u --ungron -v --values -c --colorize -m --monochrome -s --stream -j --json --no-sort -k --insecure', solo: '--version -h' },
  fx: V('--version -v'),
  jless: V('--version -V'),
  glow: { options: '-p -s: --style= -w: --width= -a --all -l --local', operand: /^(?!config$)/, solo: '--version -v -h' },
  lsd: {
    options:
      '-a -A -F -l -1 -R -d -h -r -t -S -X -v -U -G --all --almost-all --classify --long --oneline --recursive --human-readable --tree --depth= --directory-only --reverse --timesort --sizesort --extensionsort --versionsort --no-sort --group-dirs= --blocks= --date= --icon= --icon-theme= --color= --total-size --ignore-glob= -I: --git --header --literal -L --dereference --permission= --size=',
    solo: '--version -V',
  },
  duf: {
    options: '--all --only= --hide= --only-fs= --hide-fs= --only-mp= --hide-mp= --output= --sort= --json --inodes --warnings --width= --theme= --style=',
    solo: '--version',
  },
  dust: V('--version -V'),
  ncdu: V('--version -v'),
  tldr: {
    options: '-l --list -p: --platform= -L: --language= -r --raw -q --quiet --color --no-color --linux --osx --sunos -s --search',
    operand: /^[\w.+-]+$/,
    solo: '--version -v -h --help',
  },
  cheat: V('--version -v'),
  whatis: {
    options: '-d -v -r -w -l -C: -s: -m: -M: -L: --debug --verbose --regex --wildcard --long --config-file= --sections= --systems= --manpath= --locale=',
  },
  info: { options: '-a --all -k: --apropos= -w --where --location -O --show-options --usage -n: --node= -d: --directory= --vi-keys', solo: '--version --help' },
  spell: V('--version'),
  aspell: V('--version -v'),
  most: V('--version -v'),
  pr: {
    numeric: true,
    options:
      '-a -c -d -D: -e:: -F -f -h: -i:: -J -l: -m -n:: -N: -o: -r -s:: -S:: -t -T -v -w: -W: --across --show-control-chars --double-space --date-format= --expand-tabs[=] --form-feed --header= --output-tabs[=] --join-lines --length= --merge --number-lines[=] --first-line-number= --indent= --no-file-warnings --separator[=] --sep-string[=] --omit-header --omit-pagination --show-nonprinting --width= --page-width=',
    operand: /^(?:\+\d+(?::\d+)?|-\d+|[^-].*)$/,
  },
  // ---- network ----
  whois: { options: '-h: -p: -H -I -a -b -B -c -d -G -l -L -m -M -r -R -x -i: -s: -T: -t: -v: -q: --host= --port= --verbose --no-recursion' },
  traceroute: {
    options:
      '-4 -6 -I -T -U -n -q: -m: -f: -w: -p: -z: -s: -i: -N: -A -e --icmp --tcp --udp --resolve-hostnames --max-hops= --first= --wait= --port= --queries= --sendwait= --sport= --interface= --sim-queries= --as-path-lookups --extensions --back --mtu',
    solo: '--version -V',
  },
  tracepath: { options: '-4 -6 -b -l: -m: -n -p: -V' },
  ping6: { options: '-c: -i: -n -q -s: -w: -W: -t: -v -D -O -4 -6' },
  mtr: {
    options:
      '-r --report -w --report-wide -c: --report-cycles= -n --no-dns -b --show-ips -j --json -x --xml -C --csv -4 -6 -i: --interval= -s: --psize= -T --tcp -u --udp -P: --port= -z --aslookup -o: --order= -m: --max-ttl= -f: --first-ttl=',
    require: '-r --report -w --report-wide -j --json -x --xml -C --csv',
    solo: '--version -v',
  },
  nc: { options: '-z -v -n -w: -4 -6 -u', require: '-z', solo: '-h' },
  nmap: {
    options:
      '--sn --sL --sV --sT --sS --sU --Pn --p= --n --F --v --A --O --open --top-ports= --reason --traceroute --6 --R --version-light --version-intensity=',
    singleDash: true,
    solo: '--version -V -h',
  },
  socat: V('-V -h'),
  iperf3: V('--version -v'),
  speedtest: V('--version -V'),
  // `-H` hashes the host names: the hash family judges it.
  'ssh-keyscan': { over: 'hash', options: '-4 -6 -c -D -p: -q -t: -T: -v' },
  'ssh-add': { options: '-l -L -v -E:', require: '-l -L', operand: /^$/ },
  ssh: { over: 'network', options: '-G -V -4 -6 -p: -l: -v -q', require: '-G -V' },
  scp: V('-h'),
  tcpdump: V('--version -h'),
  tshark: V('--version -v -h'),
  wireshark: V('--version -v -h'),
  // ---- media, documents, services (version only) ----
  ffmpeg: V('-version -h -buildconf -formats -codecs -encoders -decoders'),
  ffprobe: V('-version -h'),
  convert: V('-version --version'),
  magick: V('-version --version'),
  identify: V('-version --version'),
  exiftool: V('-ver'),
  pdftotext: V('-v'),
  qpdf: V('--version'),
  gs: V('--version -v'),
  latexmk: V('-v -version'),
  pdflatex: V('--version'),
  inkscape: V('--version -V'),
  gimp: V('--version -v'),
  pandoc: V('--version -v'),
  'yt-dlp': V('--version'),
  aria2c: V('--version -v'),
  rclone: V('version --version'),
  restic: V('version'),
  borg: V('--version -V'),
  duplicity: V('--version'),
  nginx: V('-v -V'),
  apache2: V('-v -V'),
  apachectl: V('-v -V'),
  caddy: V('version'),
  haproxy: V('-v -vv'),
  certbot: V('--version'),
  postgres: V('--version -V'),
  pg_dump: V('--version -V'),
  mongod: V('--version'),
  mongosh: V('--version'),
  'redis-server': V('--version -v'),
  memcached: V('-V --version -h'),
  rabbitmqctl: V('version'),
  'kafka-topics.sh': V('--version'),
  elasticsearch: V('--version -V'),
  htop: V('--version -V --help -h'),
  btop: V('--version -v --help -h'),
  neofetch: V('--version -v'),
  fastfetch: V('--version -v'),
  age: V('--version'),
  sops: V('--version -v'),
  ansible: V('--version'),
  'ansible-doc': { options: '-l --list -F --list_files -t: --type= -j --json -s --snippet -M: --module-path=' },
  'ansible-playbook': V('--version'),
  firebase: V('--version -V'),
  netlify: V('--version'),
  vercel: V('--version -v'),
  wrangler: V('--version -v'),
  // ---- macOS ----
  sw_vers: { options: '--productName --productVersion --buildVersion', singleDash: true, operand: /^$/ },
  vm_stat: { options: '-c:' },
  launchctl: { reads: { 'list,print,print-disabled,blame,version,help,dumpstate': '-x' } },
  system_profiler: { options: '--listDataTypes --detailLevel= --json --xml --nospawn --timeout=', singleDash: true, operand: /^SP\w+DataType$/ },
  diskutil: { reads: { 'list,info,activity,apfs list,listFilesystems,cs list': '' } },
  pmset: { options: '-g', require: '-g' },
  defaults: { reads: { 'read,read-type,domains,find,help': '-g' } },
  mdfind: { options: '--name= --onlyin= --count --0 --live --literal --interpret --attr=', singleDash: true },
  ioreg: { options: '-a -b -c: -d: -f -i -k: -l -n: -p: -r -S -t -w: -x' },
  scutil: { options: '--dns --proxy --nwi --get=', require: '--dns --proxy --nwi --get', singleDash: false },
  networksetup: {
    options: '--listallnetworkservices --listallhardwareports --getinfo= --getdnsservers= --getairportnetwork= --listnetworkserviceorder --getcurrentlocation',
    singleDash: true,
    operand: /^$/,
  },
  ipconfig: { reads: { 'getifaddr#1,getpacket#1,getoption#2,ifcount#0,getsummary#1': '' } },
  xcrun: {
    options: '--show-sdk-path --show-sdk-version --show-sdk-platform-path --show-sdk-platform-version --show-sdk-build-version --sdk= --find= -f: --version',
    require: '--show-sdk-path --show-sdk-version --show-sdk-platform-path --show-sdk-platform-version --show-sdk-build-version --find -f --version',
    operand: /^$/,
  },
  xcodebuild: V('-version -showsdks -list -help'),
});
