import { execFileSync } from 'node:child_process';
import path from 'node:path';

// Each snippet is linted with the workspace's eslint.config.mjs as if it were a file at `filePath`,
// so imports resolve against the real folders around it.
interface Case {
  name: string;
  filePath: string;
  code: string;
  /** The rules that must report an error; none for a legal snippet. */
  errors: string[];
}

const cases: Case[] = [
  {
    name: 'a feature of the host importing another feature',
    filePath: 'host/src/features/dashboard/components/probe.tsx',
    code: "import { MENU } from '../../shell/lib/menu-items';\nexport const probe = MENU;\n",
    errors: ['import-x/no-restricted-paths'],
  },
  {
    name: 'a feature of a remote importing another feature',
    filePath: 'remotes/backup-sets/src/features/restore/components/probe.tsx',
    code: "import { BackupPage } from '../../backup/components/backup-page';\nexport const probe = BackupPage;\n",
    errors: ['import-x/no-restricted-paths'],
  },
  {
    name: "an app's lib/ importing one of its features",
    filePath: 'host/src/lib/probe.ts',
    code: "import { MENU } from '../features/shell/lib/menu-items';\nexport const probe = MENU;\n",
    errors: ['import-x/no-restricted-paths'],
  },
  {
    name: 'a remote importing from the host by path',
    filePath: 'remotes/support/src/features/tickets/components/probe.tsx',
    code: "import { greetingAt } from '../../../../../../host/src/lib/greeting';\nexport const probe = greetingAt;\n",
    errors: ['import-x/no-restricted-paths'],
  },
  {
    name: 'a remote importing the host by package name',
    filePath: 'remotes/support/src/features/tickets/components/probe.tsx',
    code: "import { App } from '@portal/host';\nexport const probe = App;\n",
    errors: ['no-restricted-imports'],
  },
  {
    name: 'a remote importing another remote',
    filePath: 'remotes/support/src/lib/probe.ts',
    code: "import '../../../backup-sets/src/bootstrap';\nexport const probe = 1;\n",
    errors: ['import-x/no-restricted-paths'],
  },
  {
    name: 'a shared package importing a remote by path',
    filePath: 'shared/ui/src/probe.ts',
    code: "import '../../../remotes/backup-sets/src/bootstrap';\nexport const probe = 1;\n",
    errors: ['import-x/no-restricted-paths'],
  },
  {
    name: 'a shared package importing a remote by package name',
    filePath: 'shared/ui/src/probe.ts',
    code: "import page from '@portal/remote-support';\nexport const probe = page;\n",
    errors: ['no-restricted-imports'],
  },
  {
    name: 'browser code importing infra',
    filePath: 'shared/request/src/probe.ts',
    code: "import { OutboundPolicy } from '../../../infra/outbound-guard/src/index';\nexport const probe = OutboundPolicy;\n",
    errors: ['import-x/no-restricted-paths'],
  },
  {
    name: 'an import cycle',
    // The package's index re-exports this component, so the component importing the index closes a cycle.
    filePath: 'shared/ui/src/components/password-strength-meter.tsx',
    code: "import { LoadingBar } from '../index';\nexport const probe = LoadingBar;\n",
    errors: ['import-x/no-cycle'],
  },
  {
    name: "MUI's barrel (it would load all of MUI on every page; components are shared one by one)",
    filePath: 'remotes/support/src/components/probe.tsx',
    code: "import { Button } from '@mui/material';\nexport const probe = Button;\n",
    errors: ['no-restricted-imports'],
  },
  {
    name: 'a hook called conditionally',
    filePath: 'remotes/support/src/components/probe.tsx',
    code: "import { useState } from 'react';\nexport function Probe({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n",
    errors: ['react-hooks/rules-of-hooks'],
  },
  {
    name: 'an image without alternative text',
    filePath: 'host/src/components/probe.tsx',
    code: 'export function Probe() {\n  return <img src="/logo.png" />;\n}\n',
    errors: ['jsx-a11y/alt-text'],
  },
  {
    name: 'legal: a feature importing its own modules, lib/, components/ and shared packages',
    filePath: 'remotes/backup-sets/src/features/restore/components/probe.tsx',
    code: [
      "import Button from '@mui/material/Button';",
      "import { paths } from '@portal/config';",
      "import { openSnackbar } from '@portal/ui';",
      "import { FolderTree } from '../../../components/folder-tree';",
      "import { useBackupSet } from '../../../lib/use-backup-set';",
      "import { SelectionStep } from './selection-step';",
      'export const probe = [Button, paths, openSnackbar, FolderTree, useBackupSet, SelectionStep];',
      '',
    ].join('\n'),
    errors: [],
  },
  {
    name: "legal: an app's wiring importing its features",
    filePath: 'host/src/app/probe.ts',
    code: "import { MENU } from '../features/shell/lib/menu-items';\nimport { greetingAt } from '../lib/greeting';\nexport const probe = [MENU, greetingAt];\n",
    errors: [],
  },
  {
    name: 'legal: a shared package importing another shared package',
    filePath: 'shared/ui/src/probe.ts',
    code: "import { paths } from '@portal/config';\nimport { request } from '@portal/request';\nexport const probe = [paths, request];\n",
    errors: [],
  },
];

interface Message {
  ruleId: string | null;
  severity: number;
  message: string;
}

let results: (Message[] | null)[];

beforeAll(() => {
  // ESLint loads eslint.config.mjs with import(), which jest's sandbox refuses: lint in a child.
  const out = execFileSync(process.execPath, [path.join(__dirname, 'lint-text.mjs')], {
    input: JSON.stringify(cases.map(({ code, filePath }) => ({ code, filePath }))),
    encoding: 'utf8',
  });
  results = JSON.parse(out) as (Message[] | null)[];
}, 60_000);

test.each(cases.map((c, index) => [c.name, index] as const))('%s', (_name, index) => {
  const { errors } = cases[index];
  const messages = results[index];
  expect(messages).not.toBeNull(); // null: the file was ignored, so nothing was checked
  const reported = [...new Set(messages!.filter((m) => m.severity === 2).map((m) => m.ruleId))].sort();
  if (errors.length === 0) expect(messages).toEqual([]);
  else expect(reported).toEqual(expect.arrayContaining(errors));
});
