// The host's React.lazy needs a default export; features keep named exports.
export { BackupPage as default } from '../../features/backup/components/backup-page';
