// The snippet every webpack runtime of the portal runs when it creates a chunk's script element:
// evaluated here as webpack's runtime runs it, with `script` the element whose src is set.
const { SNIPPET, INTEGRITY_GLOBAL, HOST_INTEGRITY_ELEMENT_ID, NEVER_MATCHES } = require('./chunk-integrity-plugin.cjs') as {
  SNIPPET: string;
  INTEGRITY_GLOBAL: string;
  HOST_INTEGRITY_ELEMENT_ID: string;
  NEVER_MATCHES: string;
};

const origin = window.location.origin;
const sri = (n: number) => `sha384-${Buffer.alloc(48, n).toString('base64')}`;

function scriptFor(src: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = src;
  new Function('script', SNIPPET)(script);
  return script;
}

beforeEach(() => {
  document.body.innerHTML = '';
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = HOST_INTEGRITY_ELEMENT_ID;
  data.textContent = JSON.stringify({ base: '/', files: { 'main.1.js': sri(1), '12.ab.js': sri(2) } });
  document.body.append(data);
  (window as unknown as Record<string, unknown>)[INTEGRITY_GLOBAL] = {
    [`${origin}/remotes/support/1.0.0/`]: { '7.cd.js': sri(3) },
  };
});

it("pins the host's chunks with the hashes index.html carries", () => {
  expect(scriptFor('/12.ab.js').integrity).toBe(sri(2));
  expect(scriptFor(`${origin}/main.1.js`).integrity).toBe(sri(1));
});

it("pins a remote version's chunks with the hashes the host registered for that version folder", () => {
  expect(scriptFor('/remotes/support/1.0.0/7.cd.js').integrity).toBe(sri(3));
  expect(scriptFor('/remotes/support/1.0.0/7.cd.js').crossOrigin).toBeNull();
});

it('fails closed for any file the server did not record', () => {
  for (const src of [
    '/99.unknown.js',
    '/remotes/support/1.0.0/8.ef.js',
    '/remotes/support/2.0.0/7.cd.js', // the same name in another version's folder
    '/remotes/support/1.0.0/__proto__',
    '/remotes/support/1.0.0/constructor',
    '/nested/12.ab.js', // the host's name, but not in the host's folder
    'https://cdn.example.test/remotes/support/1.0.0/7.cd.js', // the path, on another origin
    'https://cdn.example.test/12.ab.js', // the host's file name, on another origin
  ]) {
    expect([src, scriptFor(src).integrity]).toEqual([src, NEVER_MATCHES]);
  }
});

it('asks for CORS mode on another origin (SRI needs it there) and not on its own', () => {
  expect(scriptFor('https://cdn.example.test/x.js').crossOrigin).toBe('anonymous');
  expect(scriptFor('/12.ab.js').crossOrigin).toBeNull();
});

it('fails closed when the page carries no hashes at all', () => {
  document.body.innerHTML = '';
  delete (window as unknown as Record<string, unknown>)[INTEGRITY_GLOBAL];
  expect(scriptFor('/12.ab.js').integrity).toBe(NEVER_MATCHES);
});

it('never matches real content: the placeholder is well formed, so browsers enforce it instead of ignoring it', () => {
  expect(NEVER_MATCHES).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
});
