/** Writes the shipped workflows' stand-ins into a folder: npx tsx write-standins.ts <folder> (harness.sh product). */
import { writeStandInFolder } from '../../src/comfyui/stand-in';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: write-standins.ts <folder>');
  process.exit(2);
}
writeStandInFolder(dir).then(
  () => console.log(`stand-in workflows written to ${dir}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
