import fs from 'node:fs';
import { TEMPLATE_ENV } from './portal';

export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (template) fs.rmSync(template, { recursive: true, force: true });
}
