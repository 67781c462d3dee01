// Issue 25: help and version of a modelled program, and the programs modelled as table data
// (models/*.json with the `table` parser), are reads; each model's writing forms, an option
// outside its table and what another family judges stay what they were.
import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const ctx = virtualContext({ 'a.txt': 'a\n', 'scripts/build.sh': '#!/bin/sh\nrm -rf dist\n' });
const m = (cmd: string) => classifyShell(cmd, ctx).mutability;

describe('help and version (help-version.ts)', () => {
  it.each([
    'rm --help',
    'chmod --help',
    'rsync --version',
    'tar --help',
    'cargo --version',
    'xargs --help',
    'sudo --help',
    'docker container rm --help',
    'kubectl delete --help',
    'kubectl -n x delete -h',
    'gh repo delete --help',
    'gh help environment',
    'helm install --help',
    'docker compose --help',
    'terraform apply -help',
    'vault kv put -h',
    'gcloud compute instances create --help',
    'gcloud help compute instances delete',
    'az vm create --help',
    'npm publish --help',
    'pacman -S --help',
    'tmux -V',
    'ffmpeg -version',
  ])('%s is a read', (cmd) => expect(m(cmd)).toBe('read'));

  it.each([
    // A path is not the program on PATH, and a function of that name runs instead of it.
    ['./rm --help', 'unknown'],
    ['ls() { rm -rf src; }; ls --help', 'write'],
    // Another argument beside it: the program acts on it (BSD rm removes `a.txt` and `--help`).
    ['rm a.txt --help', 'write'],
    ['rm --help a.txt', 'write'],
    // zsh reads and runs a file named --help; the builtins never take the rule.
    ['source --help', 'unknown'],
    ['eval --help', 'unknown'],
    // Listed with why in help-version.ts.
    ['pytest --help', 'check'],
    ['npx foo --help', 'unknown'],
    // go's own model reads its usage where no toolchain is named (workdir-config.test.ts).
    ['GOTOOLCHAIN=go1.99.0 go --help', 'unknown'],
    ['. --help', 'unknown'],
    // A subcommand the model does not know may be a plugin.
    ['kubectl foo --help', 'unknown'],
    ['docker container rm web', 'write'],
    ['aws s3 cp a.txt s3://b/ help', 'write'],
    // aws pipes its manual to MANPAGER, else PAGER, else less, even off a terminal.
    ['aws s3 cp help', 'unknown'],
    ['aws ec2 run-instances help', 'unknown'],
    ['PAGER=cat aws help', 'unknown'],
  ])('%s is not a read (%s)', (cmd, want) => expect(m(cmd)).toBe(want));
});

describe('programs as table data (models/*.json)', () => {
  it.each([
    'jj log',
    'jj st',
    'jj log -r "all()" --no-graph',
    'hg status',
    'hg log -l 5',
    'hg bookmarks',
    'svn status',
    'pulumi about',
    'pulumi stack',
    'pulumi config',
    'doctl account get',
    'doctl compute droplet list -o json',
    'crontab -l',
    'tldr tar',
    'apptainer cache list',
    'nix search nixpkgs hello',
    'pacman -Q',
    'pacman -Qi bash',
    'pacman -Ss ripgrep',
    'cargo owner --list serde',
    'cargo install --list',
    'poetry about',
    'poetry config --list',
    'poetry config virtualenvs.in-project',
    'uv lock --check',
    'uv export --frozen',
    'docker buildx du',
    'npm token list',
    'npm cache ls',
    'npm prune --dry-run',
    'bun pm list',
    'systemctl whoami',
    'rustup show',
    'rustup which cargo',
    'vault lease lookup database/creds/ro/abc',
    'aws s3 sync . s3://bucket --dryrun',
    'kubectl api-resources --namespaced=false',
    'sysctl vm.swappiness',
    'apt-get -s install curl',
    'apt-get install --simulate curl',
    'dpkg -L curl',
    'bash -n scripts/build.sh',
    'sh -n scripts/build.sh',
    'bash -o noexec scripts/build.sh',
  ])('%s is a read', (cmd) => expect(m(cmd)).toBe('read'));

  it.each([
    // Operands that make the read a change.
    ['hg bookmarks newmark', 'unknown'],
    ['pulumi stack tag set k v', 'write'],
    ['pulumi config env add x', 'write'],
    ['sysctl vm.swappiness=10', 'unknown'],
    ['crontab jobs.txt', 'unknown'],
    ['crontab -r', 'unknown'],
    ['ifconfig eth0 down', 'unknown'],
    ['nmcli radio wifi off', 'unknown'],
    ['resolvectl dns eth0 1.1.1.1', 'unknown'],
    // The forms another family judges keep its verdict.
    ['pacman -S ripgrep', 'write'],
    ['pacman -Ssc x', 'write'],
    ['cargo install ripgrep', 'write'],
    ['cargo install --list x', 'write'],
    ['apt-get install curl', 'write'],
    ['npm prune', 'write'],
    // An option outside a model's table, one that writes, runs or hashes.
    ['jj diff --tool meld', 'unknown'],
    ['svn diff --diff-cmd x', 'unknown'],
    ['nix eval --write-to out', 'unknown'],
    ['nix eval .#x', 'unknown'],
    ['ssh -G -F ./cfg host', 'unknown'],
    ['dasel put -f a.json -v x .a', 'unknown'],
    ['mlr --icsv split -n 10 a.csv', 'unknown'],
    // `cargo info` writes Cargo.lock without one, and runs the project's build.rustc even with --locked.
    ['cargo info serde --locked', 'write'],
    // zsh's -n is not taken: it reads its startup files first.
    ['zsh -n scripts/build.sh', 'write'],
  ])('%s is not a read (%s)', (cmd, want) => expect(m(cmd)).toBe(want));

  it('keeps the hashing another family sees', () => {
    expect(classifyShell('ssh-keyscan -H example.com', ctx).intents.hash).toBe(true);
  });
});

describe('what a model reads besides its words', () => {
  const hooked = virtualContext({ '.hg/hgrc': '[paths]\ndefault = https://x\n[hooks]\npre-status = rm -rf src\n', '.hg/store/x': '' });
  const plain = virtualContext({ '.hg/hgrc': '[paths]\ndefault = https://x\n', '.hg/store/x': '' });
  const jj = virtualContext({ '.jj/repo/config.toml': '[ui]\npager = "rm -rf src"\n', '.jj/repo/store/x': '' });

  it('reads hg only when its repository config names nothing that runs', () => {
    expect(classifyShell('hg status', plain).mutability).toBe('read');
    expect(classifyShell('hg status', hooked).mutability).toBe('unknown');
    expect(classifyShell('jj log', jj).mutability).toBe('unknown');
  });

  it.each([
    ['HGRCPATH=./evil hg status', 'unknown'],
    ['JJ_CONFIG=./evil.toml jj log', 'unknown'],
    ['HGPLAIN=1 hg status', 'read'],
    ['NODE_OPTIONS=--max-old-space-size=4096 npx tsc --noEmit', 'check'],
    ['NODE_OPTIONS="--require ./x.js" npx tsc --noEmit', 'unknown'],
    ['NODE_OPTIONS=--cpu-prof npx tsc --noEmit', 'unknown'],
  ])('%s is %s', (cmd, want) => expect(m(cmd)).toBe(want));
});

describe("issue 25's last refusals (each checked against the installed program)", () => {
  it.each([
    'php --ini',
    'cargo clippy --version',
    'cargo audit -V',
    'python3 -m pip --help',
    'pip hash --help',
    'python3 -m venv --help',
    'java -XshowSettings:properties -version',
    'az config get',
    'az extension list',
    'go fmt -n ./...',
    'bundle --help',
    'unzip -Z1 a.zip',
    'unzip -Z -1 a.zip',
    'less +F a.txt',
    'less ++G a.txt',
    'less +/needle a.txt',
    'less +25 a.txt',
    'file -- *',
  ])('%s is a read', (cmd) => expect(m(cmd)).toBe('read'));

  it.each([
    ['less +Fv a.txt', 'unknown'],
    ['less +s log a.txt', 'unknown'],
    ["less $'+/x\\n!id' a.txt", 'unknown'],
    ['go fmt ./... -n', 'write'],
    ['go fmt -x ./...', 'write'],
    ['python3 -m venv env', 'write'],
    ['java -XshowSettings -jar app.jar', 'unknown'],
    ['az config set core.output=json', 'write'],
    ['unzip -Z1 a.zip -d out', 'unknown'],
    ['file *', 'unknown'],
    ['cargo clippy --fix', 'write'],
  ])('%s is not a read (%s)', (cmd, want) => expect(m(cmd)).toBe(want));

  it('hashes with pip hash, not with its usage', () => {
    expect(classifyShell('pip hash a.whl', ctx).intents.hash).toBe(true);
    expect(classifyShell('pip hash --help', ctx).intents.hash).toBe(false);
  });
});

describe("the option audit's unmodelled reads (unknown.txt), modelled", () => {
  it.each([
    'poetry -q about',
    'poetry about -V',
    'poetry source show',
    'poetry version --dry-run',
    'uv lock --dry-run',
    'uv export --frozen --index-url https://pypi.org/simple',
    'rustup -q show',
    'rustup show --help',
    'rustup toolchain install nightly --help',
    'rustup which --toolchain stable cargo',
    'fly releases -a web',
    'flyctl platform vm-sizes',
    'fly auth token',
    'doctl compute cdn list',
    'doctl invoice summary 2024-01',
    'pulumi -h',
    'pulumi stack export --version 3',
    'helm repo ls',
    'helm --v=5 list',
    'helm template web ./chart --create-namespace',
    'kubectl cluster-info dump -A',
    'kubectl config view --merge',
    'minikube image ls',
    'kind get nodes -A',
    'vault print token',
    'docker -v',
    'docker compose port web 80',
    'docker-compose --no-ansi ps',
    'conda config --get channels',
    'gh project item-list 1 --owner monalisa',
  ])('%s is a read', (cmd) => expect(m(cmd)).toBe('read'));

  it.each([
    ['poetry version minor', 'unknown'],
    ['uv lock -U --dry-run', 'write'],
    ['uv lock', 'write'],
    ['rustup run stable cargo --help', 'unknown'],
    ['rustup default nightly', 'unknown'],
    ['fly ping -a web', 'unknown'],
    ['doctl registry docker-config', 'unknown'],
    ['pulumi stack export --file state.json', 'unknown'],
    ['helm template web ./chart --output-dir out', 'unknown'],
    ['kubectl cluster-info dump --output-directory out', 'unknown'],
    ['minikube logs --file=out.txt', 'unknown'],
    ['minikube ssh-host --append-known', 'unknown'],
    ['conda config --set auto_activate_base false', 'write'],
    ['vault kv put secret/x a=1', 'write'],
  ])('%s is not a read (%s)', (cmd, want) => expect(m(cmd)).toBe(want));
});

describe('global options between the words of a path (cli-model.ts globalBetween)', () => {
  it.each([
    ['pulumi stack --cwd infra ls', 'read'],
    ['pulumi policy --non-interactive ls', 'read'],
    ['uv cache -q dir', 'read'],
    ['hg -q status', 'read'],
    ['pulumi stack --cwd infra rm dev', 'write'],
    ['pulumi stack --frobnicate ls', 'unknown'],
    ['uv cache -q clean', 'unknown'],
    // docker takes its global options only before the subcommand.
    ['docker container -D ls', 'unknown'],
  ])('%s is %s', (cmd, want) => expect(m(cmd)).toBe(want));
});

describe('usage words the audit listed', () => {
  it.each(['make -h', 'man -h', 'python3 -?', 'psql -?', 'pipx -h', 'cargo --explain E0308'])('%s is a read', (cmd) => expect(m(cmd)).toBe('read'));
  it.each([
    ['psql -? -c "drop table x"', 'unknown'],
    ['cargo --explain E0308 x', 'write'],
  ])('%s is not a read (%s)', (cmd, want) => expect(m(cmd)).toBe(want));
});

describe("gh's --repo before a group's subcommand, heroku's listing options", () => {
  it.each(['gh run -R octo/web list', 'gh secret --repo octo/web list', 'heroku apps -A', 'heroku logs -d web.1 -a web', 'heroku domains -a web --csv'])(
    '%s is a read',
    (cmd) => expect(m(cmd)).toBe('read'),
  );
  it.each([
    ['gh run -R octo/web rerun 1', 'write'],
    ['gh secret --repo octo/web set X', 'write'],
  ])('%s is not a read (%s)', (cmd, want) => expect(m(cmd)).toBe(want));
});
