// The remote is consumed through remoteEntry.js; this entry only lists what it exposes when the
// bundle is opened on its own page (a #root element). It stays free of React so it adds no weight.
export const EXPOSES = ['./SupportPage', './SupportTicketsPage', './FeedbacksPage', './FeedbackDialog', './RaiseTicketDialog'];

const container = typeof document === 'undefined' ? null : document.getElementById('root');
if (container) {
  container.textContent = `support remote exposes: ${EXPOSES.join(', ')}`;
}
