import type { RegistryEntry } from '@portal/contracts';
import { CANARY_SESSION_COOKIE, DEFAULT_API_BASE, PLAIN_SHELL_COOKIE, REGISTRY_PATH, REMOTE_INTEGRITY_PATH, RUNTIME_CONFIG_PATH, paths } from '@portal/config';
import crypto from 'node:crypto';
import type { FileIntegrity } from '@portal/api/src/remotes/remote-store';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PortalSettings } from './settings';
import { buildHostShell, shellEncoding, type HostShell } from './host-shell';
import { precompressFolder } from './precompress';
import { registerSecurityHeaders } from './security-headers';
import { fastifyTrustProxy } from './trust-proxy';
import type { RemoteStore } from './remote-store';
import { IMMUTABLE, NO_STORE, remoteCacheControl, serveRemoteFilesFromStore } from './serve-remote-files';

/** A remote as /remotes.json lists it (the shape is @portal/contracts' registryEntrySchema). */
export type CurrentRemote = RegistryEntry;

export interface PortalDeps {
  /** Mounts the API under the given prefix. */
  mountApi(app: FastifyInstance, prefix: string): Promise<void>;
  /** How long mountApi's plugin may take to start (Fastify's pluginTimeout; its 10 s default when absent). */
  apiStartTimeoutMs?: number;
  /** The registry as one browser session sees it (`sessionSeed` decides which canaries it gets). */
  currentRemotes(sessionSeed: string): Promise<CurrentRemote[]>;
  /** The SRI hash of each script of a remote version, as recorded when it was published; null when unknown. */
  remoteFiles(name: string, version: string): Promise<FileIntegrity | null>;
  /** Set when version folders are not in settings.remoteStoreDir (the S3 store). */
  remoteStore?: RemoteStore;
}


/** With preCompressed, @fastify/static hands us the .br/.gz path; cache rules go by the original. */
const servedFile = (filePath: string) => path.basename(filePath).replace(/\.(br|gz)$/, '');

/** Page routes are the SPA's; everything under these prefixes is a file or an API call and must
 * answer a real 404 instead of the app shell. */
const NON_PAGE_PREFIXES = [DEFAULT_API_BASE, '/remotes/', `${REMOTE_INTEGRITY_PATH}/`, '/static/'];

const SEED = /^[0-9a-f]{32}$/;

function cookieValue(req: FastifyRequest, name: string): string | undefined {
  const cookies = String(req.headers.cookie ?? '').split(';').map((part) => part.trim().split('='));
  return cookies.find(([key]) => key === name)?.[1];
}

/**
 * A browser session's random draw for canary releases, kept in a session cookie so the session
 * keeps the version it got. Random, not derived from anything the user controls or sees.
 */
function canarySeed(req: FastifyRequest, reply: FastifyReply): string {
  const held = cookieValue(req, CANARY_SESSION_COOKIE);
  if (held && SEED.test(held)) return held;
  const seed = crypto.randomBytes(16).toString('hex');
  reply.header('set-cookie', `${CANARY_SESSION_COOKIE}=${seed}; Path=/; HttpOnly; SameSite=Lax${req.protocol === 'https' ? '; Secure' : ''}`);
  return seed;
}

export async function createPortalServer(settings: PortalSettings, deps: PortalDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: settings.logLevel }, trustProxy: fastifyTrustProxy(settings.trustProxy), pluginTimeout: deps.apiStartTimeoutMs });
  registerSecurityHeaders(app, settings);

  await deps.mountApi(app, settings.apiBase.replace(/\/$/, ''));

  app.get(REGISTRY_PATH, async (req, reply) => {
    reply.header('cache-control', NO_STORE);
    return { remotes: await deps.currentRemotes(canarySeed(req, reply)) };
  });

  // A version's recorded hashes never change (a changed folder is refused at publish), so they may
  // be cached like the version's own files; an unknown version is not cached.
  app.get<{ Params: { name: string; version: string } }>(`${REMOTE_INTEGRITY_PATH}/:name/:version`, async (req, reply) => {
    const files = await deps.remoteFiles(req.params.name, req.params.version);
    if (!files) return reply.code(404).header('cache-control', NO_STORE).send({ errorMessage: 'Not found' });
    reply.header('cache-control', IMMUTABLE);
    return { files };
  });

  app.get(RUNTIME_CONFIG_PATH, async (_req, reply) => {
    reply.header('cache-control', NO_STORE);
    return {
      apiBase: settings.apiBase,
      allowedRemoteOrigins: settings.allowedRemoteOrigins,
      registryRefreshMs: settings.registryRefreshMs,
      // Every page says so: demo data and its known passwords must never pass for a real portal.
      demo: settings.demo,
    };
  });

  const readFile = deps.remoteStore?.readFile;
  if (readFile) {
    serveRemoteFilesFromStore(app, { readFile });
  } else {
    fs.mkdirSync(settings.remoteStoreDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: settings.remoteStoreDir,
      prefix: '/remotes/',
      decorateReply: false,
      index: false,
      list: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.setHeader('cache-control', remoteCacheControl(servedFile(filePath)));
        // Remote entries are loaded with an SRI check, which needs CORS mode even on our own origin.
        res.setHeader('access-control-allow-origin', '*');
      },
    });
  }

  const indexHtml = path.join(settings.hostDist, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    throw new Error(`${indexHtml} is missing: build the portal first (pnpm build)`);
  }
  precompressFolder(settings.hostDist, settings.precompressCacheDir);
  await app.register(fastifyStatic, {
    root: settings.hostDist,
    preCompressed: true,
    prefix: '/',
    index: false,
    list: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      // The host's chunks are content-hashed; index.html must always be revalidated.
      res.setHeader('cache-control', servedFile(filePath).endsWith('.html') ? 'no-cache' : IMMUTABLE);
    },
  });

  const shell = await buildHostShell(settings.hostDist);
  const send = (page: HostShell, req: FastifyRequest, reply: FastifyReply) => {
    const encoding = shellEncoding(req.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8').send(page.variants[encoding]);
  };
  const sendShell = (req: FastifyRequest, reply: FastifyReply) => send(shell, req, reply);
  // The sign-in page already drawn (the host's build renders it, issue 21), the demo one on a demo
  // portal; the plain shell to a browser whose stored settings would draw it differently (the host
  // sets the cookie), and wherever a host build has none.
  const prerenderedLogin = path.join(settings.hostDist, settings.demo ? 'login-demo.html' : 'login.html');
  const loginShell = fs.existsSync(prerenderedLogin) ? await buildHostShell(settings.hostDist, path.basename(prerenderedLogin)) : null;
  // The root path is the sign-in page too (the route table's public routes).
  const sendLogin = (req: FastifyRequest, reply: FastifyReply) => send(loginShell && cookieValue(req, PLAIN_SHELL_COOKIE) !== 'plain' ? loginShell : shell, req, reply);
  app.get(paths.login, sendLogin);
  app.get(paths.root, sendLogin);
  // The files themselves, unpinned on disk, are never served: only the shells above.
  app.get('/index.html', sendShell);
  app.get('/login.html', sendShell);
  app.get('/login-demo.html', sendShell);
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isPage = req.method === 'GET' && !NON_PAGE_PREFIXES.some((p) => url.startsWith(p)) && !path.extname(url);
    if (isPage) return sendShell(req, reply);
    return reply.code(404).send({ errorMessage: 'Not found' });
  });

  return app;
}
