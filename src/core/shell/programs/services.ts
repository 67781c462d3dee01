// Operations CLIs (kubectl, docker, gh, aws, gcloud, terraform, vault, psql). Their
// read-only subcommands, given only options from a closed table, are reads, so `review`
// works for operations; their known mutating subcommands change remote state (a mutation
// with no local path); anything else — another subcommand, an option outside the table,
// a plugin — is unproven.
import { defineOptions, readOrWriteOptions, scanOptions, unprovenOptions } from '../option-table.js';
import { cli, mutation, reads, type CliSpec } from './cli-model.js';
import type { Handler } from '../walker.js';
import type { Arg } from '../words.js';
import { lookupTable } from '../../lookup-table.js';

// ---- kubectl ----

const KUBE_GLOBAL =
  '-n: --namespace= --context= --cluster= --kubeconfig= --user= -s: --server= --token= --as= --as-group= --request-timeout= --insecure-skip-tls-verify --certificate-authority= --client-certificate= --client-key= --tls-server-name= -v: --v= --match-server-version --cache-dir= --profile-output= --warnings-as-errors --disable-compression';
const KUBE_OUT =
  '-o: --output= -l: --selector= -A --all-namespaces --field-selector= --sort-by= --show-labels -L: --label-columns= --no-headers --show-kind --show-managed-fields --chunk-size= --ignore-not-found --raw= --template= --allow-missing-template-keys --output-watch-events -w --watch --watch-only -R --recursive -f: --filename= -k: --kustomize= --subresource= --server-print';
export const KUBECTL_CLI = (): CliSpec => ({
  global: defineOptions({ read: KUBE_GLOBAL, abbrev: false }),
  userConfig: { option: '--kubeconfig', dir: '.kube' },
  depth: 3,
  reads: reads(
    {
      'get,describe,explain,api-resources,api-versions,version,cluster-info,events,config view,config get-contexts,config current-context,config get-clusters,config get-users,auth can-i,auth whoami,rollout status,rollout history,wait': `${KUBE_OUT} --recursive --api-group= --namespaced[=] --verbs= --cached --client --short --types= --for= --revision= --timeout= --list --minify --flatten --raw --show-events --all --no-headers --quiet -q --merge[=] --api-version= --local`,
      // `cluster-info dump` prints the cluster's state (`--output-directory` would write it to files).
      'cluster-info dump':
        '-A --all-namespaces --namespaces= -o: --output= --pod-running-timeout= --allow-missing-template-keys --show-managed-fields --template=',
      // `diff` sends a server-side dry run and shows the difference with `diff -u -N` (KUBECTL_EXTERNAL_DIFF is an exec variable).
      diff: '-f: --filename= -k: --kustomize= -R --recursive --server-side --field-manager= --force-conflicts -l: --selector= --prune --prune-allowlist= --concurrency= --show-managed-fields',
      logs: '-c: --container= -f --follow --tail= --since= --since-time= -p --previous --timestamps --all-containers --prefix --max-log-requests= --limit-bytes= --ignore-errors --pod-running-timeout= -l: --selector= --all-pods',
      help: '',
      'top pod,top pods,top node,top nodes,top po,top no':
        '-l: --selector= -A --all-namespaces --containers --sort-by= --no-headers --use-protocol-buffers --field-selector= --sum --show-capacity',
    },
    KUBE_GLOBAL,
  ),
  mutations: new Set([
    'apply',
    'create',
    'delete',
    'edit',
    'patch',
    'replace',
    'scale',
    'set',
    'label',
    'annotate',
    'expose',
    'autoscale',
    'cordon',
    'uncordon',
    'drain',
    'taint',
    'rollout restart',
    'rollout undo',
    'rollout pause',
    'rollout resume',
    'certificate',
    'run',
    'exec',
    'cp',
    'attach',
    'debug',
    'port-forward',
    'proxy',
    'config set',
    'config set-context',
    'config use-context',
    'config delete-context',
    'config set-cluster',
    'config set-credentials',
    'config rename-context',
    'config unset',
  ]),
});
const kubectl = cli(KUBECTL_CLI);

// ---- docker ----

// `-v`/`--version` prints the version and quits (docker(1)).
const DOCKER_GLOBAL =
  '-h --help -v --version -H: --host= -c: --context= --config= -D --debug -l: --log-level= --tls --tlsverify --tlscacert= --tlscert= --tlskey=';
const DOCKER_LIST =
  '-a --all -q --quiet -n: --last= -l --latest -s --size --no-trunc --format= -f: --filter= --digests --tree --verbose --builder= --orchestrator= --services --status= --no-resolve';
export const DOCKER_CLI = (): CliSpec => ({
  global: defineOptions({ read: DOCKER_GLOBAL, abbrev: false }),
  depth: 3,
  reads: reads(
    {
      help: '',
      'ps,images,container ls,container list,container ps,image ls,image list,network ls,volume ls,context ls,context list,node ps,service ps,stack ps,stack services,compose ps,compose ls,compose images,plugin ls,node ls,service ls,stack ls,secret ls,config ls,buildx ls,builder ls,pod ps,pod ls,pod list,buildx du,builder du':
        DOCKER_LIST,
      'inspect,container inspect,image inspect,network inspect,volume inspect,context inspect,context show,manifest inspect,service inspect,node inspect,image history,history,buildx inspect,buildx imagetools inspect,buildx version,config inspect,secret inspect,plugin inspect':
        '-f: --format= -s --size --type= --pretty --human -H --no-trunc -q --quiet --verbose -v --insecure --raw',
      'logs,container logs,compose logs,service logs':
        '-f --follow --tail= -n: --since= --until= -t --timestamps --details --no-color --no-log-prefix --index= --raw --no-trunc --no-task-ids --no-resolve',
      'version,info,system info,system df,stats,container stats,top,container top,port,container port,diff,container diff,compose top,compose config,compose convert,compose port,compose version,search,events,system events':
        '-f: --format= --no-stream -a --all --no-trunc -v --verbose --limit= --filter= --since= --until= --services --volumes --images --profiles --hash= --quiet -q --short --resolve-image-digests --no-interpolate --no-normalize --no-path-resolution --no-consistency --index= --protocol=',
    },
    // docker takes its global options only before the subcommand (`docker ps -l` is --latest).
    '',
  ),
  mutations: new Set([
    'run',
    'exec',
    'rm',
    'rmi',
    'build',
    'pull',
    'push',
    'stop',
    'start',
    'restart',
    'kill',
    'create',
    'cp',
    'commit',
    'tag',
    'login',
    'logout',
    'pause',
    'unpause',
    'rename',
    'update',
    'load',
    'save',
    'import',
    'export',
    'attach',
    'wait',
    'prune',
    'container rm',
    'container run',
    'container exec',
    'container stop',
    'container start',
    'container kill',
    'container prune',
    'container create',
    'image rm',
    'image prune',
    'image pull',
    'image push',
    'image build',
    'image tag',
    'network create',
    'network rm',
    'network prune',
    'network connect',
    'network disconnect',
    'volume create',
    'volume rm',
    'volume prune',
    'system prune',
    'builder prune',
    'buildx build',
    'buildx bake',
    'buildx create',
    'buildx rm',
    'compose up',
    'compose down',
    'compose build',
    'compose pull',
    'compose push',
    'compose run',
    'compose exec',
    'compose start',
    'compose stop',
    'compose restart',
    'compose rm',
    'compose create',
    'compose kill',
    'compose pause',
    'compose unpause',
    'compose cp',
    'compose watch',
    'context create',
    'context rm',
    'context use',
    'context update',
    'service create',
    'service rm',
    'service update',
    'service scale',
    'stack deploy',
    'stack rm',
    'swarm init',
    'swarm join',
    'swarm leave',
    'secret create',
    'secret rm',
    'config create',
    'config rm',
    'plugin install',
    'plugin rm',
  ]),
});
const docker = cli(DOCKER_CLI);

// ---- gh ----

const GH_COMMON = '-R: --repo= --hostname=';
const GH_VIEW =
  '-f: --filename= --files --raw --public --secret --private --closed --format= -o: --host= ' +
  '--json= -q: --jq= -t: --template= -L: --limit= -s: --state= -a: --assignee= -A: --author= -l: --label= -B: --base= -H: --head= -S: --search= -c --comments -m: --milestone= --app= -d --draft --mention= --patch --name-only --color= --watch -i: --interval= --required --fail-fast -e --exit-status --verbose -v --log --log-failed --attempt= -j: --job= -w: --workflow= -b: --branch= -u: --user= --event= --status= --created= --commit= --sort= --order= --visibility= --source --fork --archived --no-archived --topic= --language= --exclude-drafts --exclude-pre-releases --order-by= --all -y --yaml -r: --ref= --show-token --active --org= --key= --env= --owner= -n --no-browser';
export const GH_CLI = (): CliSpec => ({
  global: defineOptions({ read: GH_COMMON, abbrev: false }),
  // `gh run -R o/r list`: --repo is a persistent flag of the command groups, given before their subcommand too.
  globalBetween: true,
  depth: 2,
  reads: reads(
    {
      help: '',
      'pr view,pr list,pr status,pr diff,pr checks,issue view,issue list,issue status,repo view,repo list,run view,run list,run watch,release view,release list,auth status,workflow view,workflow list,label list,gist view,gist list,status,cache list,secret list,variable list,ruleset list,ruleset view,ruleset check,org list,project list,project view,project field-list,project item-list,search repos,search issues,search prs,search code,search commits,codespace list,extension list,alias list,config get,config list,gpg-key list,ssh-key list,browse':
        GH_VIEW,
      api: '-X: --method= -H: --header= --jq= -q: -t: --template= --paginate --slurp -i --include --silent --cache= -p: --preview= --hostname= --verbose -f: --field= -F: --raw-field= --input=',
    },
    GH_COMMON,
  ),
  mutations: new Set([
    'pr create',
    'pr merge',
    'pr close',
    'pr reopen',
    'pr comment',
    'pr edit',
    'pr review',
    'pr ready',
    'pr lock',
    'pr unlock',
    'pr update-branch',
    'issue create',
    'issue close',
    'issue reopen',
    'issue comment',
    'issue edit',
    'issue delete',
    'issue transfer',
    'issue pin',
    'issue unpin',
    'issue lock',
    'issue develop',
    'repo create',
    'repo delete',
    'repo fork',
    'repo edit',
    'repo rename',
    'repo archive',
    'repo unarchive',
    'repo sync',
    'repo set-default',
    'repo deploy-key',
    'release create',
    'release delete',
    'release edit',
    'release upload',
    'run rerun',
    'run cancel',
    'run delete',
    'workflow run',
    'workflow enable',
    'workflow disable',
    'label create',
    'label edit',
    'label delete',
    'label clone',
    'gist create',
    'gist edit',
    'gist delete',
    'secret set',
    'secret delete',
    'variable set',
    'variable delete',
    'cache delete',
    'auth login',
    'auth logout',
    'auth refresh',
    'auth setup-git',
    'auth switch',
    'config set',
    'extension install',
    'extension remove',
    'alias set',
    'alias delete',
    'project create',
    'project delete',
    'project edit',
    'project item-add',
    'ssh-key add',
    'gpg-key add',
    'codespace create',
    'codespace delete',
  ]),
  refine: (path, _inv, rest) => {
    if (rest.some((a) => a.value === null)) return false;
    const vals = rest.map((a) => a.value ?? '');
    // `browse` and `--web` launch a browser program (`browse --no-browser` prints the address).
    if (
      (path === 'browse' && !vals.includes('-n') && !vals.includes('--no-browser')) ||
      vals.includes('--web') ||
      (vals.includes('-w') && path !== 'run view' && path !== 'run list')
    )
      return false;
    if (path !== 'api') return true;
    // gh api: fields or an input body make the default method POST; -X names it.
    let method: string | undefined;
    let body = false;
    for (let i = 0; i < vals.length; i++) {
      const v = vals[i]!;
      // A method-override header asks the server for another method whatever the request line says.
      const header = v === '-H' || v === '--header' ? vals[i + 1] : v.startsWith('--header=') ? v.slice(9) : v.startsWith('-H') ? v.slice(2) : undefined;
      if (header !== undefined && !safeOverrideHeader(header)) return 'write';
      if (v === '-X' || v === '--method') method = vals[i + 1] ?? undefined;
      else if (v.startsWith('--method=')) method = v.slice(9);
      else if (v.startsWith('-X') && v.length > 2) method = v.slice(2);
      else if (/^(?:-f|-F|--field|--raw-field|--input)(?:=|$)/.test(v) || /^-[fF]./.test(v)) body = true;
    }
    const m = (method ?? (body ? 'POST' : 'GET')).toUpperCase();
    if (m === 'GET' || m === 'HEAD') return true;
    // `gh api graphql -f query='query { … }'`: the GraphQL endpoint takes every operation by
    // POST; a document without a `mutation` (or `subscription`) operation only reads.
    if (m === 'POST' && graphqlQueryOnly(vals)) return true;
    return 'write';
  },
});
const gh = cli(GH_CLI);

/** `X-HTTP-Method-Override: DELETE` and its spellings ask for another method; only a read one is safe. */
export function safeOverrideHeader(header: string): boolean {
  const m = /^\s*x-(?:http-)?method(?:-override)?\s*:/i.exec(header);
  if (!m) return true;
  // The value after its leading blanks (the old `\s*(.*)$` tried every split of them); one
  // still spanning lines did not match that expression and is passed over as before.
  const value = header.slice(m[0].length).trimStart();
  return /[\n\r\u2028\u2029]/.test(value) || /^(?:GET|HEAD|OPTIONS)\s*$/i.test(value);
}

/**
 * `gh api graphql` with fields: the endpoint is `graphql` (no method given), one field is
 * `query=` and holds no `mutation`/`subscription` keyword, the others are variables given as
 * strings (`-f`, `-F` values that are not `@file` reads of standard input), and no `--input`.
 */
function graphqlQueryOnly(vals: readonly string[]): boolean {
  let endpoint: string | undefined;
  let query = false;
  for (let i = 0; i < vals.length; i++) {
    const v = vals[i]!;
    let field: string | undefined;
    if (v === '-f' || v === '-F' || v === '--field' || v === '--raw-field') field = vals[++i];
    else if (/^--(?:raw-)?field=/.test(v)) field = v.slice(v.indexOf('=') + 1);
    else if (/^-[fF]./.test(v)) field = v.slice(2);
    else if (v === '--input' || v.startsWith('--input=') || v === '-X' || v === '--method' || v.startsWith('-X') || v.startsWith('--method=')) return false;
    else if (
      v === '-H' ||
      v === '--header' ||
      v === '--jq' ||
      v === '-q' ||
      v === '-t' ||
      v === '--template' ||
      v === '--hostname' ||
      v === '--cache' ||
      v === '-p' ||
      v === '--preview'
    )
      i++;
    else if (!v.startsWith('-') && endpoint === undefined) endpoint = v;
    if (field === undefined) continue;
    const eq = field.indexOf('=');
    if (eq <= 0) return false;
    const value = field.slice(eq + 1);
    if (field.slice(0, eq) === 'query') {
      if (value.startsWith('@') || /\b(?:mutation|subscription)\b/.test(value)) return false;
      query = true;
    } else if (value.startsWith('@')) return false;
  }
  return query && endpoint === 'graphql';
}

// ---- helm ----

// klog's options helm takes that only shape what it logs to standard error (the ones that write log files are not taken).
const HELM_GLOBAL =
  '-h --help --alsologtostderr --log-backtrace-at= --logtostderr --skip-headers --stderrthreshold= --v= -v: --vmodule= --debug --kube-context= --kubeconfig= -n: --namespace= --kube-apiserver= --kube-as-user= --kube-as-group= --kube-ca-file= ' +
  '--kube-insecure-skip-tls-verify --kube-tls-server-name= --kube-token= --burst-limit= --qps= --registry-config= --repository-cache= --repository-config=';
const HELM_VALUES = '-f: --values= --set= --set-string= --set-file= --set-json= --set-literal=';
export const HELM_CLI = (): CliSpec => ({
  global: defineOptions({ read: HELM_GLOBAL, abbrev: false }),
  userConfig: { option: '--kubeconfig', dir: '.kube' },
  depth: 2,
  reads: reads(
    {
      help: '',
      'list,ls,status,history,hist,get all,get values,get manifest,get notes,get hooks,get metadata,version,env,search repo,search hub,repo list,repo ls,dependency list,dep list,dep ls,plugin list,plugin ls':
        '-f: -c --client -a --all -A --all-namespaces -o: --output= -d --date -r --reverse -m: --max= --offset= -q --quiet --short --filter= -l: --selector= --revision= --show-desc --show-resources --template= --version= --devel --regexp --max-col-width= --versions --fail-on-no-result --list-repo-url --deployed --failed --pending --superseded --uninstalled --uninstalling --no-headers --time-format= --endpoint=',
      // template takes install's options and, rendering only, ignores what they would do to a cluster.
      'show all,show chart,show values,show readme,show crds,inspect,lint,verify,template': `${HELM_VALUES} --version= --devel --strict --with-subcharts --quiet --kube-version= -a: --api-versions= --include-crds --skip-crds --skip-tests --show-only= -s: --release-name --name-template= --is-upgrade --no-hooks --validate --keyring= --verify --repo= --jsonpath= --insecure-skip-tls-verify --plain-http --skip-schema-validation --enable-dns --namespace= -n: --description= --atomic --create-namespace --disable-openapi-validation --dry-run[=] --generate-name -g --render-subchart-notes --replace --timeout= --wait --wait-for-jobs`,
    },
    HELM_GLOBAL,
  ),
  mutations: new Set([
    'install',
    'upgrade',
    'uninstall',
    'delete',
    'del',
    'rollback',
    'test',
    'repo add',
    'repo remove',
    'repo rm',
    'repo update',
    'repo index',
    'dependency update',
    'dependency build',
    'dep update',
    'dep build',
    'plugin install',
    'plugin uninstall',
    'plugin update',
    'package',
    'push',
    'pull',
    'fetch',
    'registry login',
    'registry logout',
    'create',
  ]),
  // `template --output-dir` writes the rendered files; `--post-renderer` runs a program; `--dependency-update` fetches charts.
  refine: (_path, _inv, rest) =>
    !rest.some((a) => a.value === null || /^--(?:output-dir|post-renderer|post-renderer-args|dependency-update)(?:=|$)/.test(a.value)),
});
const helm = cli(HELM_CLI);

// ---- aws ----

export const AWS_GLOBAL =
  '--region= --profile= --output= --query= --no-paginate --max-items= --page-size= --starting-token= --endpoint-url= --no-verify-ssl --no-cli-pager --cli-auto-prompt --no-cli-auto-prompt --color= --debug --cli-read-timeout= --cli-connect-timeout= --ca-bundle= --no-sign-request --cli-binary-format=';
export const AWS_READ_OP = /^(?:describe|list|get|search|lookup|filter|head|scan|query)-[a-z0-9-]+$|^(?:tail|wait|scan|query)$/;
/** Read-named operations that write a local file given as an operand, or whose effect is not a read. */
export const AWS_NOT_READ = /^(?:get-object|get-object-torrent|get-job-output|get-media|get-clip|get-hls-streaming-session-url|get-login|get-login-password)$/;
export const AWS_MUTATING_OP =
  /^(?:create|delete|put|update|modify|run|start|stop|terminate|attach|detach|associate|disassociate|register|deregister|tag|untag|invoke|publish|send|set|enable|disable|reboot|restore|copy|import|export|upload|reset|revoke|authorize|cancel|accept|reject|add|remove|replace|deploy|execute|purge|rotate|promote|apply|batch|change|complete|confirm|allocate|release|request|respond|assign|unassign|increase|decrease|subscribe|unsubscribe|initiate|abort|rebuild|resize|restart|resume|pause|submit|transfer|merge|post|grant|retire)(?:-[a-z0-9-]+)?$/;

/** `aws configure` subcommands that print the configuration (the rest set it). */
export const AWS_CONFIGURE_READS = ['list', 'get', 'list-profiles'];
/** `aws s3` subcommands that only read, and those that copy or delete (a read only with `--dryrun`). */
export const AWS_S3_READS = ['ls', 'presign'];
const AWS_S3_TRANSFERS = ['cp', 'mv', 'sync', 'rm'];

const aws: Handler = (w, inv) => {
  const args = inv.args;
  const positional: { arg: Arg; index: number }[] = [];
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (!v.startsWith('--')) positional.push({ arg: args[i]!, index: i });
  }
  const service = positional[0]?.arg.value ?? undefined;
  const op = positional[1]?.arg.value ?? undefined;
  if (service === undefined) return w.acc.read();
  if (service === '--version') return w.acc.read();
  // `aws help`, `aws s3 help`, `aws s3 cp help`: the CLI renders the manual through groff and
  // pipes it to MANPAGER, else PAGER, else `less -R`, on a terminal or not (awscli/help.py,
  // checked against aws-cli 1.45: the oracle's PAGER canary runs). Not a read: the pager is
  // the environment's, and a PAGER the command sets loses to a MANPAGER it inherits.
  const helpAt = positional.findIndex((p) => p.arg.value === 'help');
  if (helpAt >= 0 && helpAt <= 2) return w.unknown(inv, 'shell_command_unproven');
  if (service === 'configure') return op !== undefined && AWS_CONFIGURE_READS.includes(op) ? w.acc.read() : w.unprovenWrite(inv, 'write_path_missing');
  if (service === 's3') {
    if (op !== undefined && AWS_S3_READS.includes(op)) return w.acc.read();
    // `--dryrun` prints the operations and performs none (the s3 commands' own option).
    if (op !== undefined && AWS_S3_TRANSFERS.includes(op) && args.some((a) => a.value === '--dryrun')) return w.acc.read();
    if (op === 'cp' || op === 'mv' || op === 'sync') {
      // A local destination is a local write whose files we do not know.
      const dest = positional[positional.length - 1]?.arg.value;
      if (dest && !/^s3:\/\//.test(dest) && dest !== '-') return w.unprovenWrite(inv, 'write_path_missing');
      return mutation(w, inv);
    }
    return op === undefined ? w.unknown(inv, 'shell_command_unproven') : mutation(w, inv);
  }
  if (op === undefined) return w.unknown(inv, 'shell_command_unproven');
  if (AWS_MUTATING_OP.test(op)) return mutation(w, inv);
  if (!AWS_READ_OP.test(op) || AWS_NOT_READ.test(op)) return w.unknown(inv, 'shell_command_unproven');
  // Operation parameters filter what is read; a second bare word in a row is a positional (an outfile).
  // `aws logs tail GROUP` names the log group it follows.
  const named = service === 'logs' && op === 'tail' ? 1 : 0;
  for (let k = 2 + named; k < positional.length; k++) {
    const prev = args[positional[k]!.index - 1]!.value ?? '';
    if (!prev.startsWith('--')) return w.unknown(inv, 'shell_command_unproven');
  }
  for (const a of args) {
    const v = a.value ?? '';
    if (/^--(?:generate-cli-skeleton|cli-input-(?:json|yaml))(?:=|$)/.test(v) && !/=(?:input|yaml-input)?$/.test(v))
      return w.unknown(inv, 'shell_command_unproven');
    if (v.startsWith('--') && !AWS_GLOBAL.includes(v.split('=')[0]!) && !/^--[a-z0-9][a-z0-9-]*(?:=.*)?$/.test(v))
      return w.unknown(inv, 'shell_command_unproven');
  }
  w.acc.read();
};

// ---- gcloud ----

export const GCLOUD_FLAGS = new Set([
  '--project',
  '--format',
  '--filter',
  '--limit',
  '--sort-by',
  '--page-size',
  '--region',
  '--zone',
  '--quiet',
  '-q',
  '--verbosity',
  '--configuration',
  '--account',
  '--impersonate-service-account',
  '--flatten',
  '--uri',
  '--location',
  '--cluster',
  '--service',
  '--repository',
  '--instance',
  '--database',
  '--topic',
  '--subscription',
  '--bucket',
  '--organization',
  '--folder',
  '--billing-account',
  '--namespace',
  '--platform',
  '--global',
  '--all',
  '--show-labels',
  '--regions',
  '--zones',
  '--log',
  '--log-filter',
  '--freshness',
  '--order',
  '--dataset',
  '--table',
  '--secret',
  '--version',
  '--member',
  '--role',
  '--job',
  '--function',
  '--gen2',
  '--no-user-output-enabled',
  '--user-output-enabled',
  '--help',
  '-h',
  '--verbose',
]);
/**
 * `gcloud compute instances create --help`, `vault kv put -h`: plain words then one help flag.
 * These parsers (gcloud's calliope, az's knack, the CLI library terraform and vault share) print
 * the usage of the command the words name and exit while parsing, before anything runs.
 */
function wordsThenHelp(args: readonly Arg[], help: ReadonlySet<string>): boolean {
  const last = args[args.length - 1]?.value;
  if (args.length < 2 || last === null || last === undefined || !help.has(last)) return false;
  for (let i = 1; i < args.length - 1; i++) if (!/^[a-z][a-z0-9-]*$/.test(args[i]!.value ?? '')) return false;
  return true;
}
const CLI_HELP: ReadonlySet<string> = new Set(['--help', '-h']);
const GO_CLI_HELP: ReadonlySet<string> = new Set(['--help', '-help', '-h']);

/** gcloud's command verbs that only read (`storage` has its own), and those that change something. */
export const GCLOUD_READ_VERB =
  /^(?:list|describe|get-value|get-iam-policy|list-[a-z-]+|describe-[a-z-]+|read|info|version|print-access-token|print-identity-token)$/;
export const GCLOUD_STORAGE_READ = /^(?:ls|cat|du)$/;
export const GCLOUD_WRITE_VERB =
  /^(?:create|delete|update|deploy|set|unset|add-[a-z-]+|remove-[a-z-]+|start|stop|reset|resize|ssh|scp|import|export|submit|run|call|publish|enable|disable|activate|login|revoke|patch|apply|cancel|restore|rollback|promote|execute|attach|detach|move|rename|upload|cp|mv|rm|write|destroy|suspend|resume|connect|tunnel|kill|replace)$/;

const gcloud: Handler = (w, inv) => {
  if (wordsThenHelp(inv.args, CLI_HELP)) return w.acc.read();
  const words: string[] = [];
  let unknownFlag = false;
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (v.startsWith('-')) {
      const name = v.split('=')[0]!;
      if (!GCLOUD_FLAGS.has(name)) {
        unknownFlag = true;
        continue;
      }
      if (
        !v.includes('=') &&
        ![
          '--quiet',
          '-q',
          '--all',
          '--global',
          '--uri',
          '--show-labels',
          '--gen2',
          '--help',
          '-h',
          '--no-user-output-enabled',
          '--user-output-enabled',
          '--verbose',
        ].includes(name)
      )
        i++;
      continue;
    }
    words.push(v);
  }
  // The first word is the top group (`run`, `compute`); the command is the first verb after it.
  // `gcloud help compute instances delete`: the manual of a command, whatever it does.
  if (words[0] === 'help' && !unknownFlag) return w.acc.read();
  const verbs = words.slice(1);
  const verb = verbs.find((x) => GCLOUD_READ_VERB.test(x) || (words[0] === 'storage' && GCLOUD_STORAGE_READ.test(x)));
  const mutating = verbs.find((x) => GCLOUD_WRITE_VERB.test(x));
  if (mutating && (!verb || verbs.indexOf(mutating) < verbs.indexOf(verb)))
    return words[0] === 'config' && mutating === 'set' ? w.unprovenWrite(inv, 'write_path_missing') : mutation(w, inv);
  if (unknownFlag) return w.unknown(inv, 'shell_command_unproven');
  if (words[0] === 'info' || words[0] === 'version' || words.length === 0) return w.acc.read();
  // `print-access-token` prints a credential: a read of local state.
  if (verb && (words[0] !== 'auth' || verb === 'list' || verb.startsWith('print-'))) return w.acc.read();
  w.unknown(inv, 'shell_command_unproven');
};

// ---- az ----

/** Options of az's read commands (`az … list`, `show`): the resource they name and how output is shaped. */
export const AZ_VALUED = new Set([
  '--max-events',
  '-g',
  '--resource-group',
  '-n',
  '--name',
  '-o',
  '--output',
  '--query',
  '--subscription',
  '--ids',
  '-l',
  '--location',
  '--top',
  '--orderby',
  '--filter',
  '--resource-type',
  '--namespace',
  '--parent',
  '--resource',
  '--vault-name',
  '--account-name',
  '--container-name',
  '--auth-mode',
  '--prefix',
  '--num-results',
  '--include',
  '--api-version',
  '--cluster-name',
  '--expand',
  '--server',
  '--workspace-name',
  '--plan',
  '--slot',
  '--id',
]);
export const AZ_FLAGS = new Set(['--only-show-errors', '--debug', '--verbose', '--all', '-d', '--show-details', '--help', '-h']);
/** `get-credentials` writes a kubeconfig: only the `get-` verbs that print are reads. */
export const AZ_READ_VERB = /^(?:list|show|list-[a-z-]+|show-[a-z-]+|get-access-token|get-upgrades|get-instance-view|get-versions|get-os-options|version)$/;
export const AZ_WRITE_VERB =
  /^(?:create|delete|update|set|add|remove|start|stop|restart|deallocate|deploy|upload|download|import|export|login|logout|purge|recover|restore|run|invoke|assign|reset|rotate|renew|scale|swap|sync|move|copy|generate|regenerate|config|attach|detach|enable|disable|approve|reject|cancel|resize|redeploy|reimage|capture|generalize|open|put|patch|wait|exec|ssh|connect|browse|tunnel)(?:-[a-z-]+)?$/;

const az: Handler = (w, inv) => {
  if (wordsThenHelp(inv.args, CLI_HELP)) return w.acc.read();
  const words: string[] = [];
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (v.startsWith('-')) {
      const name = v.split('=')[0]!;
      if (AZ_FLAGS.has(name)) continue;
      if (!AZ_VALUED.has(name)) return w.unknown(inv, 'shell_command_unproven');
      if (!v.includes('=')) i++;
      continue;
    }
    words.push(v);
  }
  if (words.length === 0 || (words.length === 1 && words[0] === 'version')) return w.acc.read();
  // `az config get [key]` prints the user's settings; `az extension list|show` what is installed
  // (list-available and the rest fetch, add or run extensions).
  if (words[0] === 'config' && words[1] === 'get' && words.length <= 3) return w.acc.read();
  if (words[0] === 'extension' && (words[1] === 'list' || words[1] === 'show') && words.length === 2) return w.acc.read();
  const last = words[words.length - 1]!;
  if (AZ_WRITE_VERB.test(last) || words.some((x) => AZ_WRITE_VERB.test(x) && x !== last && !AZ_READ_VERB.test(x))) return mutation(w, inv);
  // `az account get-access-token` prints a credential, a read of local state; extensions and `rest` are code and raw requests.
  if (AZ_READ_VERB.test(last) && words[0] !== 'rest' && words[0] !== 'extension') return w.acc.read();
  w.unknown(inv, 'shell_command_unproven');
};

// ---- terraform ----

/** The options `terraform plan` takes (its own manual): what it compares, prints and saves. */
export const TERRAFORM_PLAN =
  /^-(?:destroy|refresh-only|refresh=(?:true|false)|replace=.+|target=.+|var=.+|var|var-file=.+|compact-warnings|detailed-exitcode|input=(?:true|false)|lock=(?:true|false)|lock-timeout=\S+|no-color|parallelism=\d+|json|concise|out=.+)$/;
/** Subcommands that print what terraform knows, and the options they take. */
export const TERRAFORM_READS = [
  'show',
  'validate',
  'version',
  'output',
  'providers',
  'graph',
  'state list',
  'state show',
  'state pull',
  'workspace list',
  'workspace show',
];
export const TERRAFORM_READ_FLAGS = /^-(?:json|no-color|raw|state=.+|type=\S+|module-depth=\d+|plan=.+|draw-cycles|id=.+|test-directory=.+|no-tests)$/;
/** The flags `terraform fmt` knows (arguments/fmt.go, all booleans; `-no-color` is taken out of every position first). */
export const TERRAFORM_FMT_FLAGS = /^-(?:list|write|diff|check|recursive|no-color)$/;
/** Go's strconv.ParseBool, which a boolean flag's `=value` goes through; any other value is a usage error. */
const GO_BOOL: ReadonlyMap<string, boolean> = new Map([
  ...['1', 't', 'T', 'TRUE', 'true', 'True'].map((v) => [v, true] as const),
  ...['0', 'f', 'F', 'FALSE', 'false', 'False'].map((v) => [v, false] as const),
]);

/**
 * Whether `terraform fmt` with these words leaves every file as it is, read as Go's flag package
 * reads them: `-name` or `--name`, `=value` for a boolean, the options end at the first word that
 * is not one (or after `--`), and the last of a flag wins. `-check` turns writing off, as does
 * `-write=false`; a first target `-` formats standard input to standard output.
 */
function terraformFmtReads(rest: readonly Arg[]): boolean {
  const words = rest.filter((a) => a.value !== '-no-color');
  const on: Record<string, boolean> = { list: true, write: true, diff: false, check: false, recursive: false };
  let k = 0;
  for (; k < words.length; k++) {
    const v = words[k]!.value;
    // A word known only at run time may be any flag (`-check=false`).
    if (v === null) return false;
    if (v.length < 2 || v[0] !== '-') break;
    if (v === '--') {
      k++;
      break;
    }
    const body = v.slice(v[1] === '-' ? 2 : 1);
    const eq = body.indexOf('=');
    const name = eq < 0 ? body : body.slice(0, eq);
    if (!Object.hasOwn(on, name)) return false;
    const value = eq < 0 ? true : GO_BOOL.get(body.slice(eq + 1));
    if (value === undefined) return false;
    on[name] = value;
  }
  return words[k]?.value === '-' || on.check! || !on.write;
}
/** Subcommands that change state or credentials (the other `state` and `workspace` actions among them). */
export const TERRAFORM_MUTATIONS = ['apply', 'destroy', 'import', 'taint', 'untaint', 'refresh', 'force-unlock', 'login', 'logout', 'state', 'workspace'];

const terraform: Handler = (w, inv) => {
  const args = inv.args;
  if (wordsThenHelp(args, GO_CLI_HELP)) return w.acc.read();
  let i = 1;
  let dir = inv.scope.cwd;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (!v.startsWith('-')) break;
    const chdir = /^-chdir=(.+)$/.exec(v);
    if (chdir) {
      dir = w.path(inv, { ...args[i]!, value: chdir[1]! });
      continue;
    }
    if (v === '-version' || v === '--version' || v === '-v' || v === '-help' || v === '--help' || v === '-h') return w.acc.read();
    return w.unknown(inv, 'shell_command_unproven');
  }
  const sub = args[i]?.value;
  const sub2 = args[i + 1]?.value;
  if (sub === undefined) return w.acc.read();
  if (sub === null) return w.unknown(inv, 'dynamic_word');
  const rest = args.slice(i + 1);
  const flags = (allowed: RegExp): boolean => rest.every((a) => a.value !== null && (!a.value.startsWith('-') || allowed.test(a.value)));
  if (sub === 'plan') {
    if (!flags(TERRAFORM_PLAN)) return w.unknown(inv, 'shell_command_unproven');
    // `-out=F` saves the plan: a local write of F.
    const out = rest.find((a) => a.value!.startsWith('-out='));
    if (out) return w.effect(inv, 'write', { ...out, value: out.value!.slice(5) });
    if (dir === null) return w.unknown(inv, 'dynamic_word');
    return w.acc.read();
  }
  if (TERRAFORM_READS.includes(sub) || TERRAFORM_READS.includes(`${sub} ${sub2}`)) {
    if (!flags(TERRAFORM_READ_FLAGS)) return w.unknown(inv, 'shell_command_unproven');
    return w.acc.read();
  }
  if (sub === 'fmt') {
    // An unknown flag or value is a usage error today, but may be a flag of another version: unproven.
    if (terraformFmtReads(rest)) return w.acc.read();
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (sub === 'init' || sub === 'get') {
    // Downloads providers and modules: new code in the project.
    w.acc.addDependency('command', `terraform ${sub}`);
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (TERRAFORM_MUTATIONS.includes(sub)) return mutation(w, inv);
  w.unknown(inv, 'shell_command_unproven');
};

// ---- vault ----

/** vault's commands that only read (a path of one, two or three words). */
export const VAULT_READS = [
  'version',
  'status',
  'read',
  'list',
  'kv get',
  'kv list',
  'kv metadata get',
  'policy read',
  'policy list',
  'secrets read',
  'secrets list',
  'auth read',
  'auth list',
  'audit read',
  'audit list',
  'token lookup',
  'token capabilities',
  'lease lookup',
  // The help of a secrets engine's path, a runtime value (`print token`), and the releases vault knows.
  'path-help',
  'print',
  'version-history',
];
/** vault's commands whose other forms change the server's state. */
export const VAULT_MUTATIONS = [
  'write',
  'delete',
  'kv',
  'policy',
  'secrets',
  'auth',
  'token',
  'login',
  'lease',
  'unwrap',
  'operator',
  'plugin',
  'audit',
  'namespace',
  'patch',
  'transit',
];
export const VAULT_FLAGS =
  /^-(?:address|namespace|ns|format|field|mount|version|ca-cert|ca-path|client-cert|client-key|tls-server-name|header|wrap-ttl|policy-override|agent-address|output-policy|detailed|non-interactive|log-level)(?:=.*)?$|^-(?:tls-skip-verify|detailed|non-interactive|output-curl-string|output-policy|self|accessor)$/;
const vault: Handler = (w, inv) => {
  if (wordsThenHelp(inv.args, GO_CLI_HELP)) return w.acc.read();
  const words: string[] = [];
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (v.startsWith('-')) {
      if (!VAULT_FLAGS.test(v)) return w.unknown(inv, 'shell_command_unproven');
      if (!v.includes('=') && !/^-(?:tls-skip-verify|detailed|non-interactive|output-curl-string|output-policy|self|accessor)$/.test(v)) i++;
      continue;
    }
    words.push(v);
  }
  const a = words[0];
  if (a === undefined) return w.acc.read();
  if ([1, 2, 3].some((n) => words.length >= n && VAULT_READS.includes(words.slice(0, n).join(' ')))) return w.acc.read();
  if (VAULT_MUTATIONS.includes(a)) return mutation(w, inv);
  w.unknown(inv, 'shell_command_unproven');
};

// ---- psql (and SQL given inline) ----

const SQL_FUNCTIONS = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'now',
  'version',
  'coalesce',
  'nullif',
  'lower',
  'upper',
  'length',
  'char_length',
  'substring',
  'trim',
  'concat',
  'to_char',
  'to_date',
  'to_timestamp',
  'date_trunc',
  'extract',
  'date_part',
  'age',
  'array_agg',
  'string_agg',
  'json_agg',
  'jsonb_agg',
  'json_build_object',
  'jsonb_build_object',
  'row_to_json',
  'to_json',
  'to_jsonb',
  'jsonb_pretty',
  'jsonb_array_length',
  'json_array_length',
  'pg_size_pretty',
  'pg_database_size',
  'pg_relation_size',
  'pg_total_relation_size',
  'pg_table_size',
  'pg_indexes_size',
  'current_database',
  'current_schema',
  'current_user',
  'session_user',
  'current_setting',
  'pg_backend_pid',
  'round',
  'floor',
  'ceil',
  'abs',
  'cast',
  'greatest',
  'least',
  'exists',
  'in',
  'any',
  'all',
  'row_number',
  'rank',
  'dense_rank',
  'over',
  'partition',
  'filter',
  'distinct',
  'interval',
  'date',
  'timestamp',
  'values',
  'split_part',
  'replace',
  'regexp_replace',
  'left',
  'right',
  'position',
  'md5',
  'format',
  'pg_get_viewdef',
  'pg_get_functiondef',
  'pg_get_indexdef',
  'has_table_privilege',
  'obj_description',
  'col_description',
  'unnest',
  'generate_series',
]);

/** Hash functions SQL can call (PostgreSQL md5/sha256/digest, pgcrypto hmac, MySQL sha2, crc32). */
export const SQL_HASH = /\b(?:md5|sha|sha1|sha2|sha3|sha224|sha256|sha384|sha512|digest|hmac|crc32|password|encrypt)\s*\(/i;

/**
 * `text.replace(/\/\*[\s\S]*?\*\//g, ' ')`: each comment a blank. A `/*` with no close ends the
 * search (the expression ran to the end from every later one).
 */
export function blankBlockComments(text: string): string {
  let out = '';
  let copied = 0;
  for (let at = text.indexOf('/*'); at >= 0; at = text.indexOf('/*', copied)) {
    const end = text.indexOf('*/', at + 2);
    if (end < 0) break;
    out += `${text.slice(copied, at)} `;
    copied = end + 2;
  }
  return out + text.slice(copied);
}

/** SQL that only reads: SELECT/SHOW/EXPLAIN (no ANALYZE)/TABLE/VALUES/WITH…SELECT, no INTO, no locking, only listed functions. */
export function sqlReadOnly(sql: string): boolean {
  if (sql.length > 8192 || /\$\w*\$/.test(sql)) return false;
  const text = blankBlockComments(sql.replace(/'(?:[^']|'')*'/g, "''").replace(/--[^\n]*/g, ' ')).replace(/"(?:[^"]|"")*"/g, 'q');
  if (/\\/.test(text)) return false;
  for (const raw of text.split(';')) {
    const st = raw.trim().toLowerCase();
    if (st === '') continue;
    if (!/^(?:select|show|explain|table|values|with|describe|desc)\b/.test(st)) return false;
    if (/^explain\b.*\banalyze\b/.test(st)) return false;
    if (
      /\b(?:into|for\s+(?:update|share|no\s+key\s+update|key\s+share)|insert|update|delete|merge|truncate|drop|alter|create|grant|revoke|copy|call|do|lock|set|reset|vacuum|analyze|cluster|reindex|refresh|listen|notify|prepare|execute|import|load)\b/.test(
        st,
      )
    )
      return false;
    // A run of name characters is tried once, from its start (from every `.` in it, a run of
    // `_._._` was scanned again to its end): its first name, when `(` follows the run.
    for (const m of st.matchAll(/(?<![\w.])(?=[\w.]+\s*\()[\w.]*?\b([a-z_][\w.]*)\s*\(/g)) {
      const name = m[1]!.split('.').pop()!;
      if (!SQL_FUNCTIONS.has(name) && !/^(?:select|from|where|and|or|not|on|using|as|join|when|then|else|case|coalesce|over|by)$/.test(name)) return false;
    }
  }
  return true;
}

export const PSQL = defineOptions({
  read: '-h: --host= -p: --port= -U: --username= -d: --dbname= -w --no-password -W --password -X --no-psqlrc -q --quiet -t --tuples-only -A --no-align -F: --field-separator= -R: --record-separator= -P: --pset= -v: --set= --variable= -x --expanded -H --html -T: --table-attr= --csv -e --echo-queries -E --echo-hidden -a --echo-all -b --echo-errors -n --no-readline -z --field-separator-zero -0 --record-separator-zero -1 --single-transaction -V --version -l --list -c: --command= -? --help[=]',
  write: '-o: --output= -L: --log-file=',
  unsafe: '-f: --file= -s --single-step -S --single-line',
  abbrev: true,
});

/**
 * psql meta-commands that only describe (`\dt`, `\d users`, `\l`, `\conninfo`); `\!`, `\o`,
 * `\copy`, `\i`, `\g`, `\w`, `\s` and `\gexec` run, read or write other things.
 */
const PSQL_META_READ = /^\\(?:d[a-zA-Z]*(?:\+[+S]*)?|l\+?|list|conninfo|encoding|timing(?: on| off)?|x(?: on| off| auto)?|\?|h(?:elp)?)(?:\s+[\w.*"]+)?$/;

const psql: Handler = (w, inv) => {
  const s = scanOptions(inv.args, 1, PSQL);
  if (unprovenOptions(w, inv, s)) return;
  const commands = s.options.filter((o) => o.name === '-c' || o.name === '--command');
  if (commands.length === 0) {
    if (s.options.some((o) => ['-l', '--list', '-V', '--version', '-?', '--help'].includes(o.name))) return w.acc.read();
    // Commands from a terminal, a pipe or a here-document: read the SQL when we can see it.
    if (inv.stdin !== undefined && sqlReadOnly(inv.stdin)) return w.acc.read();
    return w.unknown(inv, 'shell_command_unproven');
  }
  for (const c of commands) {
    if (!c.value || c.value.value === null) return w.unknown(inv, 'dynamic_word');
    if (SQL_HASH.test(c.value.value)) w.acc.addHash('code', c.value.value);
    if (!sqlReadOnly(c.value.value) && !PSQL_META_READ.test(c.value.value.trim())) return w.unknown(inv, 'shell_command_unproven');
  }
  let wrote = false;
  for (const o of s.options) {
    if (o.kind !== 'write') continue;
    wrote = true;
    if (o.value) w.effect(inv, 'write', o.value);
  }
  if (!wrote) w.acc.read();
};

/**
 * The mysql/mariadb client (its manual's option list). `--pager` and `--tee` run a program or
 * copy the session to a file; a defaults file or init command is configuration remit does
 * not read; `-e` statements must be read-only SQL (client commands such as `system` are not).
 */
export const MYSQL = defineOptions({
  read:
    '-h: --host= -P: --port= -u: --user= -p:: --password[=] -D: --database= -e: --execute= -N --skip-column-names --column-names -B --batch -s --silent ' +
    '-t --table -r --raw -E --vertical -H --html -X --xml --default-character-set= -S: --socket= --protocol= --ssl-mode= --ssl-ca= --ssl-cert= --ssl-key= ' +
    '--ssl --skip-ssl --connect-timeout= -v --verbose -V --version -? --help -A --no-auto-rehash --auto-rehash -C --compress --skip-pager --no-pager ' +
    '--column-type-info --show-warnings --unbuffered -n --line-numbers --skip-line-numbers -q --quick --binary-mode --comments -c --skip-comments ' +
    '--max-allowed-packet= --net-buffer-length= --safe-updates --i-am-a-dummy -U --wait -w --reconnect --skip-reconnect --sigint-ignore',
  write: '--tee=',
  exec: '--pager= --init-command= --plugin-dir= --default-auth= --defaults-file= --defaults-extra-file= --defaults-group-suffix= --load-data-local-dir= --local-infile[=]',
  unsafe: '--no-defaults --print-defaults',
  abbrev: true,
});

const mysql: Handler = (w, inv) => {
  const s = scanOptions(inv.args, 1, MYSQL);
  if (unprovenOptions(w, inv, s)) return;
  if (s.options.some((o) => o.name === '-V' || o.name === '--version' || o.name === '--help' || o.name === '-?')) return w.acc.read();
  const statements = s.options.filter((o) => o.name === '-e' || o.name === '--execute');
  // `mysql db < file` and an interactive session: statements remit does not see (a here-document is read).
  const texts: string[] = [];
  for (const e of statements) {
    if (!e.value || e.value.value === null) return w.unknown(inv, 'dynamic_word');
    texts.push(e.value.value);
  }
  if (texts.length === 0 && inv.stdin !== undefined) texts.push(inv.stdin);
  if (texts.length === 0 || s.operands.length > 1) return w.unknown(inv, 'shell_command_unproven');
  for (const t of texts) if (SQL_HASH.test(t)) w.acc.addHash('code', t);
  if (!texts.every(sqlReadOnly)) return w.unknown(inv, 'shell_command_unproven');
  readOrWriteOptions(w, inv, s);
};

export const serviceHandlers = lookupTable<Handler>({
  __proto__: null,
  kubectl,
  docker,
  podman: docker,
  gh,
  helm,
  aws,
  gcloud,
  terraform,
  tofu: terraform,
  vault,
  psql,
  mysql,
  mariadb: mysql,
  az,
});
