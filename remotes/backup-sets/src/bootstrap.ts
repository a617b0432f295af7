// The remote is consumed through remoteEntry.js; this entry only lists what it exposes when the
// bundle is opened on its own page (a #root element). It stays free of React so it adds no weight.
export const EXPOSES = ['./BackupPage', './RestorePage', './JobsPage', './SnapshotMappingPage', './ViewUsersPage', './ViewSnapshotsPage', './ItemSearchPage', './M365ServicesPage', './SharepointPage', './GroupsPage', './TeamsPage'];

const container = typeof document === 'undefined' ? null : document.getElementById('root');
if (container) {
  container.textContent = `backup_sets remote exposes: ${EXPOSES.join(', ')}`;
}
