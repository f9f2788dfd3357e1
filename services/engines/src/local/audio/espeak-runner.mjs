// Runs the eSpeak NG WebAssembly build (npm `espeak-ng`, ESM only) in its own process.
// Usage: node espeak-runner.mjs <out.wav|-> <espeak arguments...>; text arrives on stdin.
import { writeFileSync, readFileSync } from 'node:fs';
import ESpeakNg from 'espeak-ng';

const [, , outPath, ...args] = process.argv;
const text = outPath === '-' ? '' : readFileSync(0, 'utf8');
let printed = '';
const argv = outPath === '-' ? args : [...args, '-w', '/out.wav', text];
const espeak = await ESpeakNg({
  arguments: argv,
  print: (s) => {
    printed += `${s}\n`;
  },
  printErr: (s) => {
    process.stderr.write(`${s}\n`);
  },
});
if (outPath !== '-') writeFileSync(outPath, espeak.FS.readFile('/out.wav'));
process.stdout.write(printed);
