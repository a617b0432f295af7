import fs from 'node:fs';
import path from 'node:path';
import { withEnvTable } from '../src/env-table';

const readme = path.join(__dirname, '..', 'README.md');
fs.writeFileSync(readme, withEnvTable(fs.readFileSync(readme, 'utf8')));
console.log(`Wrote the environment table of ${readme}`);
