const { createConfig } = require('@portal/mf-build');

module.exports = createConfig({
  name: 'backup_sets',
  dir: __dirname,
  exposes: {
    './BackupPage': './src/app/exposes/backup-page.ts',
    './RestorePage': './src/app/exposes/restore-page.ts',
    './JobsPage': './src/app/exposes/jobs-page.ts',
    './SnapshotMappingPage': './src/app/exposes/snapshot-mapping-page.ts',
    './ViewUsersPage': './src/app/exposes/view-users-page.ts',
    './ViewSnapshotsPage': './src/app/exposes/view-snapshots-page.ts',
    './ItemSearchPage': './src/app/exposes/item-search-page.ts',
    './M365ServicesPage': './src/app/exposes/m365-services-page.ts',
    './SharepointPage': './src/app/exposes/sharepoint-page.ts',
    './GroupsPage': './src/app/exposes/groups-page.ts',
    './TeamsPage': './src/app/exposes/teams-page.ts',
  },
});
