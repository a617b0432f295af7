// Shared jest mock factories; jest.mock() calls stay in each test file (they are hoisted).
export const federationRuntimeMock = () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  getInstance: jest.fn(() => ({ name: 'host' })),
});

export const callsMock = () => ({
  signin: jest.fn(),
  signout: jest.fn().mockResolvedValue({ message: 'Signed out' }),
  getProfile: jest.fn().mockResolvedValue({ errorMessage: 'not mocked' }),
  getPlatformVersion: jest.fn().mockResolvedValue({ version: '1.2.3' }),
  getHealth: jest.fn(),
  getRegions: jest.fn().mockResolvedValue([
    { id: 'eu-west', name: 'Europe (Ireland)' },
    { id: 'us-east', name: 'United States (Virginia)' },
  ]),
  checkUsernameAvailable: jest.fn().mockResolvedValue({ available: true }),
  checkEmailAvailable: jest.fn().mockResolvedValue({ available: true }),
  register: jest.fn(),
  validateOtp: jest.fn(),
  resendMfaCode: jest.fn(),
  forgot: jest.fn(),
  validateResetOtp: jest.fn(),
  resetPassword: jest.fn(),
  changePassword: jest.fn(),
});
