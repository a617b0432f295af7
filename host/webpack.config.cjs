const { createConfig } = require('@portal/mf-build');

// No remotes here: the host reads /remotes.json at start and registers them at run time.
module.exports = createConfig({
  name: 'host',
  dir: __dirname,
  isHost: true,
  title: 'Cloud Backup Portal',
  // Poppins is the default font (display settings): its weights that the theme uses. The other
  // families are downloaded only when a user picks them (see src/lib/register-fonts.ts).
  preloadFonts: [/poppins-latin-(400|500|600|700)-normal\.woff2$/],
  // The sign-in page, drawn at build time: sent at /login before any script has run (issue 21).
  prerender: 'scripts/prerender-login.tsx',
  // A signed-in visit's page preloads the shell's layers (paint-shell.cjs) before the entry runs.
  signedInModule: 'src/app/signed-in-modules.ts',
});
