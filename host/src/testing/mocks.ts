// Shared jest mock factories; jest.mock() calls stay in each test file (they are hoisted).
export const federationRuntimeMock = () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
});

export const callsMock = () => ({
  signin: jest.fn(),
  signout: jest.fn().mockResolvedValue({ message: 'Signed out' }),
  getProfile: jest.fn().mockResolvedValue({ errorMessage: 'not mocked' }),
  getPlatformVersion: jest.fn().mockResolvedValue({ version: '1.2.3' }),
  getHealth: jest.fn(),
});
