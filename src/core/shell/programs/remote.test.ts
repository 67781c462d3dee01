// Issue 9 principle 8: remote state is state. Requests that can change a server are
// mutations (refused in review); read-only subcommands of operations CLIs are reads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_ROOT as ROOT, virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const ctx = virtualContext();
const m = (cmd: string) => classifyShell(cmd, ctx).mutability;
const all = (cmds: string[], want: string | string[]) => {
  for (const cmd of cmds) {
    const got = m(cmd);
    expect({ cmd, ok: Array.isArray(want) ? want.includes(got) : got === want, got }).toMatchObject({ cmd, ok: true });
  }
};

describe('HTTP clients', () => {
  it('curl: -X other than GET/HEAD/OPTIONS, -d/--data*, -F, -T, --json change remote state', () => {
    all(
      [
        'curl -X POST https://api.example.invalid/x',
        'curl --request DELETE https://api.example.invalid/x',
        'curl -XPUT https://api.example.invalid/x',
        'curl -d a=1 https://api.example.invalid/x',
        "curl --data-raw '{}' https://api.example.invalid/x",
        'curl --data-binary @f.bin https://api.example.invalid/x',
        'curl --data-urlencode q=x https://api.example.invalid/x',
        'curl -F f=@a.txt https://api.example.invalid/up',
        'curl -T a.txt https://api.example.invalid/up',
        "curl --json '{}' https://api.example.invalid/x",
        'curl -sS -X $M https://api.example.invalid/x',
      ],
      'write',
    );
  });
  it('curl: GET, HEAD, OPTIONS and -G with data are reads; unknown options are unproven', () => {
    all(
      [
        'curl https://api.example.invalid/x',
        'curl -sSL https://api.example.invalid/x',
        'curl -X GET https://api.example.invalid/x',
        'curl -I https://api.example.invalid/x',
        'curl -X OPTIONS https://api.example.invalid/x',
        'curl -G -d q=1 https://api.example.invalid/search',
      ],
      'read',
    );
    expect(m('curl --frobnicate https://api.example.invalid/x')).toBe('unknown');
  });
  it('wget --method and --post-* change remote state', () => {
    all(
      [
        'wget --method=DELETE -O - https://api.example.invalid/x',
        'wget --post-data=a=1 -O - https://api.example.invalid/x',
        'wget --post-file=f -O - https://api.example.invalid/x',
      ],
      'write',
    );
    expect(m('wget -qO- https://api.example.invalid/x')).toBe('read');
  });
  it('httpie: a mutating method or data items change remote state; GET and query items do not', () => {
    all(
      [
        'http POST api.example.invalid/x a=1',
        'http DELETE api.example.invalid/x',
        'http api.example.invalid/x name=v',
        'https PUT api.example.invalid/x',
        'xh PATCH api.example.invalid/x a:=1',
      ],
      'write',
    );
    all(['http api.example.invalid/x', 'http GET api.example.invalid/x q==1 Accept:json', 'http --offline POST api.example.invalid/x a=1'], 'read');
  });
  it('httpie: options after the URL count (a download, an output file, a session file)', () => {
    all(['http GET api.example.invalid/x -o out.json', 'xh api.example.invalid/x q==1 --output=out.json'], 'write');
    all(['http GET api.example.invalid/x --download', 'http api.example.invalid/x -d'], 'write');
    all(['http GET api.example.invalid/x --session=s', 'http api.example.invalid/x --bogus'], 'unknown');
    all(['http GET api.example.invalid/x -v', 'http GET api.example.invalid/x q==1 --pretty=none', 'http GET api.example.invalid/x -- -v=1'], 'read');
  });
});

describe('operations CLIs', () => {
  it('read-only subcommands are reads (review is usable for operations work)', () => {
    all(
      [
        'kubectl get pods -n prod -o wide',
        'kubectl describe deployment api',
        'kubectl logs api-123 --tail=100 -f',
        'kubectl top pods -A',
        'kubectl explain pod.spec',
        'kubectl --context staging get svc',
        'kubectl config view --minify',
        'kubectl rollout status deploy/api',
        'docker ps -a',
        'docker images',
        'docker inspect web --format "{{.State.Status}}"',
        'docker logs --tail 50 web',
        'docker compose ps',
        'docker image ls',
        'gh pr view 12 --json title,body',
        'gh pr list --state open -L 20',
        'gh issue view 7',
        'gh issue list -l bug',
        'gh api repos/o/r/pulls',
        'gh api -X GET search/issues -f q=x',
        'gh run list',
        'aws ec2 describe-instances --region eu-west-1',
        'aws s3 ls s3://bucket',
        'aws iam list-users --output json',
        'aws sts get-caller-identity',
        'aws logs get-log-events --log-group-name g --log-stream-name s',
        'gcloud compute instances list --project p',
        'gcloud run services describe api --region europe-west1',
        'terraform plan',
        'terraform show',
        'terraform validate',
        'terraform plan -var-file=prod.tfvars -no-color',
        'vault read secret/data/x',
        'vault kv get secret/x',
        "psql -d app -c 'SELECT count(*) FROM users'",
        "psql -h db -U app -At -c 'select id, name from t where x > 1 limit 5'",
      ],
      'read',
    );
  });
  it('known mutating subcommands change remote state', () => {
    all(
      [
        'kubectl apply -f deploy.yaml',
        'kubectl delete pod api-1',
        'kubectl scale deploy/api --replicas=0',
        'kubectl rollout restart deploy/api',
        'kubectl exec -it api -- sh',
        'docker rm -f web',
        'docker run --rm alpine echo hi',
        'docker compose up -d',
        'docker system prune -af',
        'docker push img:1',
        'gh pr merge 12 --squash',
        'gh issue close 7',
        'gh api -X DELETE repos/o/r',
        'gh api repos/o/r/issues -f title=x',
        'gh release create v1',
        'aws ec2 terminate-instances --instance-ids i-1',
        'aws s3 rm s3://b/k',
        'aws lambda invoke --function-name f out.json',
        'aws s3 cp a.txt s3://b/a.txt',
        'gcloud compute instances delete vm-1',
        'gcloud run deploy api --image img',
        'terraform apply -auto-approve',
        'terraform destroy',
        'terraform state rm aws_s3_bucket.b',
        'vault write secret/x a=1',
        'vault kv put secret/x a=1',
        'vault delete secret/x',
      ],
      'write',
    );
  });
  it('what writes locally, is not listed, or carries unknown options stays refused', () => {
    all(
      [
        "psql -c 'DELETE FROM users'",
        "psql -c 'SELECT * INTO t2 FROM t'",
        "psql -c 'select pg_terminate_backend(1)'",
        "psql -c '\\! rm -rf x'",
        "psql -c 'explain analyze delete from t'",
        'psql -f migrate.sql',
        'kubectl get pods --frobnicate',
        'kubectl foo',
        'gh pr view 1 --web',
        'aws s3api get-object --bucket b --key k out.bin',
        'docker frob',
      ],
      ['unknown'],
    );
    expect(m('terraform plan -out=tf.plan')).toBe('write');
    // terraform fmt reads its flags with Go's flag package: one or two dashes, Go's booleans, the last wins, options end at a target.
    all(
      [
        'terraform fmt --check src',
        'terraform fmt -check=t',
        'terraform fmt -check=TRUE -diff',
        'terraform fmt -write=false src',
        'terraform fmt -',
        'terraform fmt -no-color -check',
      ],
      'read',
    );
    all(
      [
        'terraform fmt src -check',
        'terraform fmt -check -check=false',
        'terraform fmt -check=yes',
        'terraform fmt -check "$D"',
        'terraform fmt -- -check',
        'terraform fmt ---check',
      ],
      'write',
    );
    expect(classifyShell('terraform plan -out=tf.plan', ctx).effects).toEqual([{ kind: 'write', path: `${ROOT}/tf.plan` }]);
    expect(classifyShell("psql -c 'select 1' -o out.txt", ctx).effects).toEqual([{ kind: 'write', path: `${ROOT}/out.txt` }]);
    expect(classifyShell('aws s3 cp s3://b/k ./k', ctx).mutability).toBe('write');
    expect(classifyShell('terraform init', ctx).intents.dependency).toBe(true);
  });
});

describe('requests that change remote state by other means, and reads won back', () => {
  it('a non-HTTP scheme or a method-override header is a mutation', () => {
    all(
      [
        'curl gopher://127.0.0.1:6379/_FLUSHALL',
        "curl 'DICT://x/stats'",
        'curl telnet://x:25',
        'curl --url ldap://x',
        "curl -H 'X-HTTP-Method-Override: DELETE' https://x",
        "curl -H'x-method-override:PUT' https://x",
        "wget --header='X-HTTP-Method: PATCH' -O- https://x",
        'http https://x X-HTTP-Method-Override:DELETE',
        "gh api -H 'X-HTTP-Method-Override: DELETE' repos/o/r",
      ],
      'write',
    );
    all(["curl -H 'X-HTTP-Method-Override: GET' https://x", 'curl file:///etc/hostname', 'curl -H "Accept: application/json" https://x'], 'read');
  });
  it('gh api graphql reads with a query document and mutates otherwise', () => {
    all(["gh api graphql -f query='query { viewer { login } }'", "gh api graphql -f query='{ a }' -F n=1 --jq .data"], 'read');
    all(
      [
        "gh api graphql -f query='mutation { x }'",
        "gh api graphql -f query='query { a } mutation { b }'",
        'gh api graphql -F query=@q.graphql',
        "gh api graphql -f query='{ a }' -X PUT",
        "gh api repos/o/r -f query='{ a }'",
      ],
      'write',
    );
  });
  it('a kubeconfig outside ~/.kube may run a credential plugin', () => {
    all(
      [
        'kubectl --kubeconfig src/kc get pods',
        'kubectl get pods --kubeconfig=/tmp/kc',
        'helm --kubeconfig src/kc list',
        'kubectl --kubeconfig ~/.kube/../kc get pods',
      ],
      'unknown',
    );
    all(['kubectl --kubeconfig ~/.kube/prod get pods', 'kubectl wait --for=condition=Ready pod/x', 'kubectl diff -f k8s/'], 'read');
  });
  it('mysql reads only read-only SQL, without a pager, tee or another config', () => {
    all(["mysql -e 'show databases'", "mysql -N -B -e 'select 1' db", "mariadb -e 'describe t' db"], 'read');
    all(
      [
        "mysql -e 'select 1; system rm x'",
        'mysql -e \'select 1 into outfile "x"\'',
        "mysql --pager=less -e 'select 1'",
        "mysql --defaults-file=my.cnf -e 'select 1'",
        'mysql db',
      ],
      'unknown',
    );
    expect(classifyShell("mysql --tee=out -e 'select 1'", ctx).effects).toEqual([{ kind: 'write', path: `${ROOT}/out` }]);
  });
  it('az and gcloud storage: list/show reads, other verbs mutate', () => {
    all(['az account show', 'az vm list -g rg -o table', 'gcloud storage ls gs://b', 'gcloud storage cat gs://b/a'], 'read');
    all(['az vm delete -g rg -n x', 'gcloud storage cp a gs://b'], 'write');
    // `get-credentials` writes a kubeconfig: not among the printing `get-` verbs.
    all(['az rest --method get --url x', 'az vm list --frob', 'az aks get-credentials -g x -n y'], 'unknown');
  });
});

describe.skipIf(spawnSync('terraform', ['version']).status !== 0)('terraform fmt, against the real terraform', () => {
  it('is a read exactly where terraform leaves a badly formatted file as it is', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'remit-tf-'));
    const bad = 'variable "x" {\ndefault="a"\n}\n';
    try {
      mkdirSync(path.join(dir, 'src'));
      for (const words of [
        ['--check', 'src'],
        ['-check=t', 'src'],
        ['-check=TRUE', 'src'],
        ['-check=yes', 'src'],
        ['src', '-check'],
        ['-check', '-check=false', 'src'],
        ['-check=f', 'src'],
        ['-write=false', 'src'],
        ['-no-color', '-check', 'src'],
        ['-check', '--', 'src'],
        ['src'],
      ]) {
        writeFileSync(path.join(dir, 'src', 'main.tf'), bad);
        spawnSync('terraform', ['fmt', ...words], { cwd: dir, timeout: 20_000 });
        const unchanged = readFileSync(path.join(dir, 'src', 'main.tf'), 'utf8') === bad;
        // -check=yes is a usage error: terraform writes nothing, remit leaves it unproven.
        const read = m(`terraform fmt ${words.join(' ')}`) === 'read';
        if (read) expect(unchanged, words.join(' ')).toBe(true);
        else if (words[0] !== '-check=yes') expect(unchanged, words.join(' ')).toBe(false);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
