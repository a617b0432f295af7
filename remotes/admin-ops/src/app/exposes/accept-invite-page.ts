// The host's React.lazy needs a default export; features keep named exports.
export { AcceptInvitePage as default } from '../../features/accept-invite/components/accept-invite-page';
