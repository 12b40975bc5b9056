// `npm test`'s steps before the tests, in two lanes at once: the type checks in one, lint then
// the build in the other. One after another they took about three minutes on CI's 2 cores, each
// step mostly on one core. Each lane's output is printed whole when it ends; any failure fails.
import { spawn } from 'node:child_process';

const LANES = [['typecheck'], ['lint', 'build']];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ script, code, out }));
  });
}

async function lane(scripts) {
  for (const script of scripts) {
    const started = performance.now();
    const { code, out } = await run(script);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    process.stdout.write(
      `── npm run ${script}: ${code === 0 ? 'ok' : `failed (${code})`}, ${seconds} s\n`,
    );
    if (out.trim()) process.stdout.write(`${out.trimEnd()}\n`);
    if (code !== 0) return false;
  }
  return true;
}

const results = await Promise.all(LANES.map(lane));
if (results.includes(false)) process.exit(1);
