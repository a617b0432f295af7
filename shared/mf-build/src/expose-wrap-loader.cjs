'use strict';
// Replaces an exposed page module (requested with ?portal-build-wrap) by a wrapper around the
// original: it shows the build label (PORTAL_BUILD_LABEL) under the page, or throws at render
// (PORTAL_BUILD_FAULT=render) to rehearse a broken deploy. Only used when one of them is set; both
// arrive in the request's query (see wrapExposes in index.cjs).
const path = require('node:path');

module.exports = function exposeWrapLoader() {
  const query = new URLSearchParams(this.resourceQuery.replace(/^\?/, ''));
  const label = query.get('label') || '';
  const fault = query.get('fault') || '';
  const target = `./${path.basename(this.resourcePath)}`;
  // Plain createElement: the wrapper keeps the exposed file's name, which may be .ts (no JSX).
  return `import * as Target from ${JSON.stringify(target)};
import { createElement, Fragment } from 'react';
const Original: any = (Target as any).default ?? Object.values(Target).find((v) => typeof v === 'function');
const LABEL = ${JSON.stringify(label)};
const FAULT = ${JSON.stringify(fault)};
export default function PortalBuildWrapper(props: any) {
  if (FAULT === 'render') throw new Error('This build throws at render (PORTAL_BUILD_FAULT=render)');
  return createElement(
    Fragment,
    null,
    createElement(Original, props),
    LABEL
      ? createElement('p', { 'data-portal-build-label': '', style: { fontSize: 12, opacity: 0.7, margin: '16px 0 0' } }, 'Build ' + LABEL)
      : null,
  );
}
`;
};
