const { createConfig } = require('@portal/mf-build');

// No remotes here: the host reads /remotes.json at start and registers them at run time.
module.exports = createConfig({ name: 'host', dir: __dirname, isHost: true, title: 'Cloud Backup Portal' });
