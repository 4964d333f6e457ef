// The deployment files, checked without Docker (CI, `node scripts/checkDeploy.mjs`): compose.yaml against the
// Compose Specification's JSON schema (deploy/compose-spec.json, from compose-spec/compose-spec), the
// Dockerfile parsed (dockerfile-ast) and held to what README "Production" promises, the Grafana dashboard as
// JSON naming only metrics the server exports. Where a Docker daemon answers, the image is built as well.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { DockerfileParser } from 'dockerfile-ast';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
const problems = [];
const problem = (file, message) => problems.push(`${file}: ${message}`);

// compose.yaml: the schema, then what the deployment needs.
const compose = YAML.parse(read('compose.yaml'), { merge: true });
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, validateSchema: false });
const validate = ajv.compile(JSON.parse(read('deploy/compose-spec.json')));
if (!validate(compose))
  for (const error of validate.errors)
    problem('compose.yaml', `${error.instancePath || '/'} ${error.message}`);
const services = compose.services ?? {};
for (const name of ['db', 'app1', 'app2', 'proxy'])
  if (!services[name]) problem('compose.yaml', `no service ${name}`);
for (const name of ['app1', 'app2']) {
  const env = services[name]?.environment ?? {};
  if (!String(env.DATABASE_URL ?? '').startsWith('postgres://'))
    problem('compose.yaml', `${name} has no DATABASE_URL`);
}
for (const [name, service] of Object.entries(services))
  for (const volume of service.volumes ?? []) {
    const source = String(typeof volume === 'string' ? volume.split(':')[0] : volume.source);
    if (!source.startsWith('.') && !(source in (compose.volumes ?? {})))
      problem('compose.yaml', `${name} mounts ${source}, which is no named volume`);
  }
if (!fs.existsSync(path.join(root, 'deploy/Caddyfile'))) problem('deploy/Caddyfile', 'missing');

// Dockerfile: stages, the runtime stage's user, health check and command.
const dockerfile = DockerfileParser.parse(read('Dockerfile'));
const froms = dockerfile.getFROMs();
const stages = froms.map((from) => from.getBuildStage()).filter(Boolean);
if (froms.length < 2) problem('Dockerfile', 'not a multi-stage build');
for (const from of froms.filter((from) => !stages.includes(from.getImageName())))
  if (!/^node$/.test(from.getImageName() ?? '') || !/^20\b/.test(from.getImageTag() ?? ''))
    problem('Dockerfile', `stage ${from.getBuildStage()} is not on Node 20 (${from.getImage()})`);
for (const copy of dockerfile.getCOPYs()) {
  const source = copy.getFromFlag()?.getValue();
  if (source && !stages.includes(source)) problem('Dockerfile', `COPY --from=${source} names no stage`);
}
const instructions = dockerfile.getInstructions();
const lastFrom = froms.at(-1).getRange().start.line;
const runtime = instructions.filter((instruction) => instruction.getRange().start.line >= lastFrom);
const keyword = (instruction) => instruction.getKeyword().toUpperCase();
const users = runtime.filter((instruction) => keyword(instruction) === 'USER');
if (users.length === 0 || /^(root|0)(:|$)/.test(users.at(-1).getArgumentsContent() ?? ''))
  problem('Dockerfile', 'the image does not run as an unprivileged user');
const healthcheck = runtime.find((instruction) => keyword(instruction) === 'HEALTHCHECK');
if (!/\/api\/health\/(ready|live)/.test(healthcheck?.getArgumentsContent() ?? ''))
  problem('Dockerfile', 'no HEALTHCHECK on /api/health/ready or /live');
if (!runtime.some((instruction) => keyword(instruction) === 'CMD')) problem('Dockerfile', 'no CMD');
if (!instructions.some((instruction) => /npm ci --omit=dev/.test(instruction.getArgumentsContent() ?? '')))
  problem('Dockerfile', 'production dependencies are not installed with npm ci --omit=dev');
for (const instruction of instructions)
  if (keyword(instruction) === 'ADD') problem('Dockerfile', 'ADD: use COPY');
for (const variable of read('Dockerfile').matchAll(/^ENV\s+([\s\S]*?)(?:\n(?!\s))/gm))
  for (const name of variable[1].matchAll(/([A-Z_]+)=/g))
    if (name[1] !== 'NODE_ENV' && !read('README.md').includes(`\`${name[1]}\``))
      problem('Dockerfile', `${name[1]} is not in the README`);

// The Grafana dashboard: JSON whose queries name metrics the server exports (platform/metrics.ts).
const dashboard = JSON.parse(read('deploy/grafana/strazce.json'));
const metricsSource = read('server/src/platform/metrics.ts');
for (const panel of dashboard.panels ?? [])
  for (const target of panel.targets ?? [])
    for (const [metric] of String(target.expr).matchAll(/\bstrazce_[a-z_]+/g)) {
      const base = metric.replace(/_(bucket|sum|count)$/, '');
      if (!metricsSource.includes(`'${base}'`))
        problem('deploy/grafana/strazce.json', `unknown metric ${metric}`);
    }

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('deployment files: compose.yaml, Dockerfile, Caddyfile and the Grafana dashboard check out');

// The image itself, in CI where a Docker daemon is there to build it.
if (!process.env.CI) console.log('docker: the image is built in CI only (CI=true)');
else if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0) {
  const build = spawnSync('docker', ['build', '-t', 'strazce:ci', root], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else console.log('docker: no daemon here; the image was not built');
