const { createConfig } = require('@portal/mf-build');

module.exports = createConfig({
  name: 'support',
  dir: __dirname,
  exposes: {
    './SupportPage': './src/app/exposes/support-page.ts',
    './SupportTicketsPage': './src/app/exposes/support-tickets-page.ts',
    './FeedbacksPage': './src/app/exposes/feedbacks-page.ts',
    './FeedbackDialog': './src/app/exposes/feedback-dialog.ts',
    './RaiseTicketDialog': './src/app/exposes/raise-ticket-dialog.ts',
  },
});
