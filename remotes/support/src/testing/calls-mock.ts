// Every call of @portal/contracts/calls that this remote's pages make, as a bare jest.fn(): a test
// gives answers to the ones it is about. The jest.mock() call stays in each test file (it is hoisted):
// jest.mock('@portal/contracts/calls', () => jest.requireActual('<path>/testing/calls-mock').callsMock());
export const callsMock = () => ({
  // Support tickets
  getSupportContact: jest.fn(),
  listTickets: jest.fn(),
  getTicket: jest.fn(),
  createTicket: jest.fn(),
  replyToTicket: jest.fn(),
  updateTicketStatus: jest.fn(),
  deleteTicket: jest.fn(),
  // Feedback
  listFeedbacks: jest.fn(),
  createFeedback: jest.fn(),
  deleteFeedback: jest.fn(),
});
